import { readFile } from "node:fs/promises";
import path from "node:path";
import type { CharterConfig } from "../../generated/types/charter/config.js";
import { errorAt, type Diagnostic } from "../core/diagnostic.js";
import type { CatalogMapping } from "../compiler/resolve/catalog-file.js";
import type { DocumentResolution, ResolutionSettings } from "../settings/resolution.js";
import type { NameClashes, NamingStyle } from "../targets/shared/type-names.js";
import { DEFAULT_VALIDATION, type ValidationSettings } from "../settings/validation.js";
import { DEFAULT_DIFF, type DiffSettings } from "../diff/settings.js";
import type { PythonSettings } from "../targets/python/emit-python.js";
import type { ConfigMemo } from "./cache/config-memo.js";
import { CLI_CODES } from "./codes.js";

/** What the config file says, its paths resolved against its folder where the setting is the file's own. */
export interface FileConfig {
  version?: string;
  maxWarnings?: number;
  allowEmptySource?: boolean;
  allowOutputOutsideProject?: boolean;
  cache?: { dir?: string; maxMiB?: number };
  docs?: { out?: string; check?: boolean; history?: string[]; baseUrl?: string };
  python?: PythonSettings;
  diff?: DiffSettings;
  source?: string;
  out?: string;
  baseUri?: string;
  catalog?: CatalogMapping[];
  resolution?: ResolutionSettings;
  typeNames?: NamingStyle;
  typeNameClashes?: NameClashes;
  validation?: ValidationSettings;
}

/** The settings an entry of `catalog` or `resolution.contracts` makes, without the keys it leaves out. */
function documentResolution(entry: DocumentResolution): DocumentResolution {
  const settings: DocumentResolution = {};
  if (entry.dialect !== undefined) settings.dialect = entry.dialect;
  if (entry.ids !== undefined) settings.ids = entry.ids;
  return settings;
}

/** The config file read, parsed and checked (or found in the memo). */
export async function readConfig(
  file: string,
  memo: ConfigMemo | undefined,
): Promise<{ config?: FileConfig; diagnostics: Diagnostic[] }> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? "read failed";
    return { diagnostics: [errorAt(CLI_CODES.configSyntax, `cannot read the config file (${reason})`, { file })] };
  }
  // A file of nothing but comments (or nothing) is a config that sets nothing.
  if (/^\s*$/.test(text.replace(/^\s*#.*$/gm, ""))) return { config: {}, diagnostics: [] };
  let value = await memo?.recall<CharterConfig>(text);
  if (value === undefined) {
    const parsed = await parseConfig(text, file);
    if (parsed.value === undefined) return { diagnostics: parsed.diagnostics };
    value = parsed.value;
    await memo?.remember(text, value, value.cache?.dir !== undefined);
  }
  return { config: fileConfigOf(value, path.dirname(file)), diagnostics: [] };
}

/** The generated validator of the config's contract, loaded (with the runtime's format checks) only when needed. */
export async function configValidator(): Promise<
  typeof import("../../generated/validators/charter/config.js").validate
> {
  return (await import("../../generated/validators/charter/config.js")).validate;
}

/** The config's text parsed and checked against its contract: a value, or the diagnostics that say where it is wrong. */
async function parseConfig(text: string, file: string): Promise<{ value?: CharterConfig; diagnostics: Diagnostic[] }> {
  // The YAML parser is loaded here, not at start-up: a no-op generate finds the value in its cache.
  const { parseSource } = await import("../compiler/load/parse-source.js");
  const parsed = parseSource(text, file);
  if (!parsed.parsed)
    return { diagnostics: parsed.diagnostics.map((d) => ({ ...d, code: CLI_CODES.configSyntax.code })) };
  const { positions, keyPositions } = parsed.parsed;
  // `~` or `null` sets nothing too.
  const value = parsed.parsed.value ?? {};
  // charter compiles itself: the config is checked by the validator charter generated from
  // schema-src/charter/config.yaml, which is also the config's documentation.
  const validateConfig = await configValidator();
  if (!validateConfig(value)) {
    const { configDiagnostics } = await import("./config-violations.js");
    return { diagnostics: configDiagnostics(validateConfig.errors ?? [], { file, value, positions, keyPositions }) };
  }
  return { value, diagnostics: [] };
}

/** The config's settings, its paths resolved against `dir`, its folder. */
function fileConfigOf(value: CharterConfig, dir: string): FileConfig {
  const config: FileConfig = {};
  if (value.source !== undefined) config.source = value.source;
  if (value.out !== undefined) config.out = value.out;
  if (value.baseUri !== undefined) config.baseUri = value.baseUri;
  if (value.catalog !== undefined) {
    config.catalog = Object.entries(value.catalog).map(([prefix, folder]) =>
      typeof folder === "string"
        ? { prefix, dir: path.resolve(dir, folder) }
        : { prefix, dir: path.resolve(dir, folder.path), ...documentResolution(folder) },
    );
  }
  if (value.resolution !== undefined) {
    config.resolution = {
      contracts: new Map(
        Object.entries(value.resolution.contracts ?? {}).map(([key, entry]) => [key, documentResolution(entry)]),
      ),
    };
  }
  if (typeof value.typeNames === "string") config.typeNames = value.typeNames;
  else if (value.typeNames !== undefined) {
    if (value.typeNames.style !== undefined) config.typeNames = value.typeNames.style;
    if (value.typeNames.clashes !== undefined) config.typeNameClashes = value.typeNames.clashes;
  }
  if (value.version !== undefined) config.version = value.version;
  if (value.maxWarnings !== undefined) config.maxWarnings = value.maxWarnings;
  if (value.allowEmptySource !== undefined) config.allowEmptySource = value.allowEmptySource;
  if (value.allowOutputOutsideProject !== undefined) config.allowOutputOutsideProject = value.allowOutputOutsideProject;
  if (value.cache !== undefined) {
    config.cache = {};
    if (value.cache.dir !== undefined) config.cache.dir = value.cache.dir;
    if (value.cache.maxMiB !== undefined) config.cache.maxMiB = value.cache.maxMiB;
  }
  if (value.docs !== undefined) {
    config.docs = {};
    if (value.docs.out !== undefined) config.docs.out = value.docs.out;
    if (value.docs.check !== undefined) config.docs.check = value.docs.check;
    if (value.docs.history !== undefined) config.docs.history = [...value.docs.history];
    if (value.docs.baseUrl !== undefined) config.docs.baseUrl = value.docs.baseUrl;
  }
  if (value.targets?.python !== undefined)
    config.python = {
      package: value.targets.python.package,
      // Resolved against the config's folder once it is known (pythonSettings).
      ...(value.targets.python.rules !== undefined ? { rules: { file: value.targets.python.rules, shown: "" } } : {}),
    };
  if (value.diff !== undefined) {
    config.diff = {
      direction: value.diff.direction ?? DEFAULT_DIFF.direction,
      contracts: new Map(Object.entries(value.diff.contracts ?? {})),
      ignore: (value.diff.ignore ?? []).map((i) => ({
        rule: i.rule,
        reason: i.reason,
        ...(i.contract !== undefined ? { contract: i.contract } : {}),
        ...(i.pointer !== undefined ? { pointer: i.pointer } : {}),
      })),
    };
  }
  if (value.validation !== undefined) {
    const { contracts, ...defaults } = value.validation;
    config.validation = {
      defaults: { ...DEFAULT_VALIDATION.defaults, ...defaults },
      contracts: new Map(Object.entries(contracts ?? {})),
    };
  }
  return config;
}
