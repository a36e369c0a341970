import { existsSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { errorAt, type Diagnostic, type SourcePosition } from "../compiler/diagnostic.js";
import { parseSource, type JsonValue } from "../compiler/load/parse-source.js";
import type { CatalogMapping } from "../compiler/resolve/resolve-references.js";
import type { NamingStyle } from "../targets/types/type-names.js";
import { DEFAULT_VALIDATION, type ValidationPolicy, type ValidationSettings } from "../targets/validators/policy.js";
import { CLI_CODES } from "./codes.js";
import { displayPath } from "./print.js";

export const DEFAULT_CONFIG_FILE = "charter.config.yaml";
export const DEFAULT_BASE_URI = "https://charter.invalid/";

/** What the config file and the flags say, together; paths absolute. */
export interface Settings {
  sourceDir: string;
  outDir: string;
  baseUri: string;
  catalog: CatalogMapping[];
  typeNaming: NamingStyle;
  validation: ValidationSettings;
  /** Threads for per-contract work (the compiler's default when absent). */
  jobs?: number;
  /** Cache of per-contract results for `generate`; absent: none. */
  cacheDir?: string;
}

export interface SettingFlags {
  config?: string | undefined;
  source?: string | undefined;
  out?: string | undefined;
  catalog?: string[] | undefined;
  baseUri?: string | undefined;
  typeNames?: NamingStyle | undefined;
  jobs?: number | undefined;
  cacheDir?: string | undefined;
  noCache?: boolean | undefined;
}

/** Where `generate` keeps its cache unless told: the usual place of tools' caches in a Node project, when the project has one. */
export function defaultCacheDir(configDir: string): string | undefined {
  const modules = path.join(configDir, "node_modules");
  return existsSync(modules) ? path.join(modules, ".cache", "charter") : undefined;
}

interface FileConfig {
  source?: string;
  out?: string;
  baseUri?: string;
  catalog?: CatalogMapping[];
  typeNames?: NamingStyle;
  validation?: ValidationSettings;
}

/**
 * Merges the config file (optional unless named with `--config`) with the
 * flags, which win. Paths in the file are relative to the file's folder;
 * paths on the command line to the current directory.
 */
export async function resolveSettings(
  flags: SettingFlags,
  cwd: string,
  /** `validate` reads only the output directory. */
  readsSources = true,
): Promise<{ settings?: Settings; diagnostics: Diagnostic[]; usage?: string }> {
  const configPath = path.resolve(cwd, flags.config ?? DEFAULT_CONFIG_FILE);
  let fileConfig: FileConfig = {};
  if (flags.config !== undefined || existsSync(configPath)) {
    const loaded = await readConfig(configPath);
    if (loaded.diagnostics.length > 0 || !loaded.config) return { diagnostics: loaded.diagnostics };
    fileConfig = loaded.config;
  }
  const configDir = path.dirname(configPath);

  const catalog: CatalogMapping[] = [...(fileConfig.catalog ?? [])];
  for (const entry of flags.catalog ?? []) {
    const split = entry.lastIndexOf("=");
    // The prefix is a URI and may hold "=", the folder rarely does: split on the last one.
    if (split <= 0 || split === entry.length - 1) return { diagnostics: [], usage: `--catalog expects PREFIX=DIR, got "${entry}"` };
    catalog.push({ prefix: entry.slice(0, split), dir: path.resolve(cwd, entry.slice(split + 1)) });
  }

  const sourceDir = flags.source !== undefined ? path.resolve(cwd, flags.source) : path.resolve(configDir, fileConfig.source ?? "schema-src");
  const outDir = flags.out !== undefined ? path.resolve(cwd, flags.out) : path.resolve(configDir, fileConfig.out ?? "generated");
  if (flags.baseUri !== undefined && !isBaseUri(flags.baseUri)) {
    return { diagnostics: [], usage: `--base-uri must be an absolute URI ending in "/" or ":", without "?" or "#" (got "${flags.baseUri}")` };
  }
  const settings: Settings = {
    sourceDir,
    outDir,
    baseUri: flags.baseUri ?? fileConfig.baseUri ?? DEFAULT_BASE_URI,
    catalog,
    typeNaming: flags.typeNames ?? fileConfig.typeNames ?? "short",
    validation: fileConfig.validation ?? DEFAULT_VALIDATION,
  };
  if (flags.jobs !== undefined) settings.jobs = flags.jobs;
  const cacheDir = flags.noCache ? undefined : flags.cacheDir !== undefined ? path.resolve(cwd, flags.cacheDir) : defaultCacheDir(configDir);
  if (cacheDir !== undefined) settings.cacheDir = cacheDir;

  const diagnostics: Diagnostic[] = [];
  const shown = (p: string) => displayPath(p, cwd);
  if (!readsSources) return { settings, diagnostics };
  const sourceStat = await stat(sourceDir).catch(() => undefined);
  if (!sourceStat?.isDirectory()) {
    diagnostics.push(errorAt(CLI_CODES.sourceDir, `source directory ${shown(sourceDir)} does not exist`, {}));
  }
  const outStat = await stat(outDir).catch(() => undefined);
  if (outStat && !outStat.isDirectory()) {
    diagnostics.push(errorAt(CLI_CODES.outDirNotDirectory, `output path ${shown(outDir)} exists and is not a directory`, {}));
  }
  const inside = (child: string, parent: string) => child === parent || child.startsWith(parent + path.sep);
  if (inside(outDir, sourceDir) || inside(sourceDir, outDir)) {
    diagnostics.push(errorAt(CLI_CODES.outDirPlacement, `output directory ${shown(outDir)} overlaps the source directory ${shown(sourceDir)}`, {}));
  }
  return diagnostics.length > 0 ? { diagnostics } : { settings, diagnostics };
}

async function readConfig(file: string): Promise<{ config?: FileConfig; diagnostics: Diagnostic[] }> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? "read failed";
    return { diagnostics: [errorAt(CLI_CODES.configSyntax, `cannot read the config file (${reason})`, { file })] };
  }
  const parsed = parseSource(text, file);
  if (!parsed.parsed) return { diagnostics: parsed.diagnostics.map((d) => ({ ...d, code: CLI_CODES.configSyntax.code })) };
  const { value, positions, keyPositions } = parsed.parsed;
  const at = (pointer: string) => ({ file, position: positions.get(pointer), pointer });
  if (value === null) return { config: {}, diagnostics: [] };
  if (typeof value !== "object" || Array.isArray(value)) {
    return { diagnostics: [errorAt(CLI_CODES.configSyntax, "the config file must be a mapping", at(""))] };
  }

  const diagnostics: Diagnostic[] = [];
  const config: FileConfig = {};
  const dir = path.dirname(file);
  const text_ = (key: string, v: JsonValue | undefined): string | undefined => {
    if (typeof v === "string" && v !== "") return v;
    diagnostics.push(errorAt(CLI_CODES.configValue, `${key} must be a non-empty string`, at(`/${key}`)));
    return undefined;
  };
  for (const [key, v] of Object.entries(value)) {
    switch (key) {
      case "source":
      case "out": {
        const s = text_(key, v);
        if (s !== undefined) config[key] = s;
        break;
      }
      case "baseUri": {
        const s = text_(key, v);
        if (s === undefined) break;
        if (!isBaseUri(s)) {
          diagnostics.push(errorAt(CLI_CODES.configValue, `baseUri must be an absolute URI ending in "/" or ":", without "?" or "#" (got "${s}")`, at("/baseUri")));
          break;
        }
        config.baseUri = s;
        break;
      }
      case "catalog": {
        if (v === null || typeof v !== "object" || Array.isArray(v)) {
          diagnostics.push(errorAt(CLI_CODES.configValue, "catalog must map URI prefixes to folders", at("/catalog")));
          break;
        }
        config.catalog = [];
        for (const [prefix, folder] of Object.entries(v)) {
          if (typeof folder !== "string" || folder === "") {
            diagnostics.push(errorAt(CLI_CODES.configValue, `catalog entry "${prefix}" must name a folder`, at(`/catalog/${prefix.replace(/~/g, "~0").replace(/\//g, "~1")}`)));
            continue;
          }
          config.catalog.push({ prefix, dir: path.resolve(dir, folder) });
        }
        break;
      }
      case "typeNames":
        if (v !== "short" && v !== "qualified") {
          diagnostics.push(errorAt(CLI_CODES.configValue, `typeNames must be "short" or "qualified"`, at("/typeNames")));
          break;
        }
        config.typeNames = v;
        break;
      case "validation": {
        const validation = readValidation(v, at, keyPositions, file, diagnostics);
        if (validation) config.validation = validation;
        break;
      }
      default:
        diagnostics.push(
          errorAt(CLI_CODES.configKey, `unknown key "${key}"; the keys are source, out, baseUri, catalog, typeNames, validation`, {
            file,
            position: keyPositions.get(`/${key}`),
            pointer: `/${key}`,
          }),
        );
    }
  }
  return diagnostics.length > 0 ? { diagnostics } : { config, diagnostics };
}

const POLICY_VALUES: { readonly [K in keyof ValidationPolicy]: readonly ValidationPolicy[K][] } = {
  unknownFormats: ["ignore", "refuse"],
  strictness: ["lenient", "strict"],
  formats: ["dialect", "assert", "annotate"],
  examples: ["error", "warning"],
  refSiblings: ["ignore", "apply"],
};
const POLICY_KEYS = Object.keys(POLICY_VALUES) as (keyof ValidationPolicy)[];

/** `validation:` — defaults for every contract, and overrides by contract or folder under `contracts:`. */
function readValidation(
  value: JsonValue | undefined,
  at: (pointer: string) => { file: string; position: SourcePosition | undefined; pointer: string },
  keyPositions: ReadonlyMap<string, SourcePosition>,
  file: string,
  diagnostics: Diagnostic[],
): ValidationSettings | undefined {
  const failures = diagnostics.length;
  const isMapping = (x: JsonValue | undefined): x is { [key: string]: JsonValue } => x !== null && typeof x === "object" && !Array.isArray(x);
  const readPolicy = (policy: JsonValue | undefined, pointer: string, allowContracts: boolean): Partial<ValidationPolicy> => {
    const result: Partial<ValidationPolicy> = {};
    if (!isMapping(policy)) {
      diagnostics.push(errorAt(CLI_CODES.configValue, `${pointer.slice(1).replace(/\//g, ".")} must be a mapping`, at(pointer)));
      return result;
    }
    for (const [key, setting] of Object.entries(policy)) {
      const here = `${pointer}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`;
      if ((POLICY_KEYS as string[]).includes(key)) {
        const allowed = POLICY_VALUES[key as keyof ValidationPolicy] as readonly string[];
        if (typeof setting === "string" && allowed.includes(setting)) Object.assign(result, { [key]: setting });
        else diagnostics.push(errorAt(CLI_CODES.configValue, `${key} must be ${allowed.map((a) => `"${a}"`).join(" or ")}`, at(here)));
      } else if (!(allowContracts && key === "contracts")) {
        const keys = [...POLICY_KEYS, ...(allowContracts ? ["contracts"] : [])].join(", ");
        diagnostics.push(errorAt(CLI_CODES.configKey, `unknown key "${key}"; the keys are ${keys}`, { file, position: keyPositions.get(here), pointer: here }));
      }
    }
    return result;
  };
  const defaults = { ...DEFAULT_VALIDATION.defaults, ...readPolicy(value, "/validation", true) };
  const contracts = new Map<string, Partial<ValidationPolicy>>();
  const perContract = isMapping(value) ? value["contracts"] : undefined;
  if (perContract !== undefined) {
    if (!isMapping(perContract)) diagnostics.push(errorAt(CLI_CODES.configValue, "validation.contracts must map contract names (or folders ending in /) to settings", at("/validation/contracts")));
    else for (const [name, policy] of Object.entries(perContract)) contracts.set(name, readPolicy(policy, `/validation/contracts/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`, false));
  }
  return diagnostics.length > failures ? undefined : { defaults, contracts };
}

/**
 * Canonical ids are the base followed by the contract name, so the base must
 * be absolute, end where a path can follow, and hold no query or fragment.
 */
function isBaseUri(uri: string): boolean {
  return /^[a-zA-Z][a-zA-Z0-9+.-]*:[^?#\s]*$/.test(uri) && (uri.endsWith("/") || uri.endsWith(":"));
}
