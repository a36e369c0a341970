import { existsSync } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { errorAt, type Diagnostic } from "../core/diagnostic.js";
import type { CatalogMapping } from "../compiler/resolve/catalog-file.js";
import type { ResolutionSettings } from "../settings/resolution.js";
import type { NameClashes, NamingStyle } from "../targets/shared/type-names.js";
import { DEFAULT_VALIDATION, type ValidationSettings } from "../settings/validation.js";
import { DEFAULT_DIFF, type DiffSettings } from "../diff/settings.js";
import type { PythonSettings } from "../targets/python/emit-python.js";
import { CLI_CODES } from "./codes.js";
import { displayPath } from "./print.js";
import { throughLink } from "./output-link.js";
import { ConfigMemo } from "./cache/config-memo.js";
import { configValidator, readConfig, type FileConfig } from "./config-file.js";

export const DEFAULT_CONFIG_FILE = "charter.config.yaml";
export const DEFAULT_BASE_URI = "https://charter.invalid/";
export const DEFAULT_DOCS_OUT = "generated-docs";

/** What the config file and the flags say, together; paths absolute. */
export interface Settings {
  sourceDir: string;
  outDir: string;
  baseUri: string;
  catalog: CatalogMapping[];
  /** How sources are read where they do not say (config `resolution`). */
  resolution: ResolutionSettings;
  typeNaming: NamingStyle;
  typeNameClashes: NameClashes;
  validation: ValidationSettings;
  /** Threads for per-contract work (the compiler's default when absent). */
  jobs?: number;
  /** The project's folder (the config file's, or the current one): what the cache keeps paths relative to. */
  rootDir: string;
  /** Cache of per-contract results for `generate`; absent: none. */
  cacheDir?: string;
  /** The cache's size limit in bytes (config `cache.maxMiB`); absent: the default. */
  cacheMaxBytes?: number;
  /** The version of the whole set (config `version`). */
  version?: string;
  /** What `charter diff` counts as breaking (config `diff`). */
  diff: DiffSettings;
  /** More warnings than this fail generate and check (config `maxWarnings`; the flag wins). */
  maxWarnings?: number;
  /** A source folder without contracts is allowed (config `allowEmptySource`); absent: it is CH013. */
  allowEmptySource?: boolean;
  /** Where `charter docs` writes the site (its `--out`, else config `docs.out`, else generated-docs). */
  docsOutDir: string;
  /** `charter check` also compares the site with a fresh `charter docs` (config `docs.check`). */
  docsCheck?: boolean;
  /** Git revisions each contract page compares itself with (config `docs.history`). */
  docsHistory?: string[];
  /** Where the site is published, for links from `charter diff --format github` (config `docs.baseUrl`). */
  docsBaseUrl?: string;
  /** The Python package target (config `targets.python`); absent: not generated. */
  python?: PythonSettings;
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
  /** `charter docs --out`: the site's folder, not the generated tree's. */
  docsOut?: string | undefined;
}

/** Where `generate` keeps its cache unless told: the usual place of tools' caches in a Node project, when the project has one. */
export function defaultCacheDir(configDir: string): string | undefined {
  const modules = path.join(configDir, "node_modules");
  return existsSync(modules) ? path.join(modules, ".cache", "charter") : undefined;
}

/**
 * Merges the config file (optional unless named with `--config`) with the
 * flags, which win. Paths in the file are relative to the file's folder;
 * paths on the command line to the current directory.
 */
export async function resolveSettings(
  flags: SettingFlags,
  cwd: string,
  use: {
    /** `validate` reads only the output directory. */
    readsSources?: boolean;
    /** `generate` keeps the parsed config in its cache (`check` never reads one). */
    configMemo?: boolean;
  } = {},
): Promise<{ settings?: Settings; diagnostics: Diagnostic[]; usage?: string }> {
  const readsSources = use.readsSources ?? true;
  const configPath = path.resolve(cwd, flags.config ?? DEFAULT_CONFIG_FILE);
  const configDir = path.dirname(configPath);
  let fileConfig: FileConfig = {};
  if (flags.config !== undefined || existsSync(configPath)) {
    const loaded = await readConfig(
      configPath,
      use.configMemo === true ? await configMemo(flags, cwd, configDir) : undefined,
    );
    if (loaded.diagnostics.length > 0 || !loaded.config) return { diagnostics: loaded.diagnostics };
    fileConfig = loaded.config;
  }

  const catalog: CatalogMapping[] = [...(fileConfig.catalog ?? [])];
  for (const entry of flags.catalog ?? []) {
    const split = entry.lastIndexOf("=");
    // The prefix is a URI and may hold "=", the folder rarely does: split on the last one.
    if (split <= 0 || split === entry.length - 1)
      return { diagnostics: [], usage: `--catalog expects PREFIX=DIR, got "${entry}"` };
    catalog.push({ prefix: entry.slice(0, split), dir: path.resolve(cwd, entry.slice(split + 1)) });
  }

  const sourceDir =
    flags.source !== undefined
      ? path.resolve(cwd, flags.source)
      : path.resolve(configDir, fileConfig.source ?? "schema-src");
  const output = await outputFolder(flags, fileConfig, { cwd, configDir, configPath });
  if ("diagnostic" in output) return { diagnostics: [output.diagnostic] };
  const { outDir } = output;
  // The flag obeys the same contract as the config key.
  if (flags.baseUri !== undefined && !(await configValidator())({ baseUri: flags.baseUri })) {
    return {
      diagnostics: [],
      usage: `--base-uri must be an absolute URI ending in "/" or ":", without "?" or "#" (got "${flags.baseUri}")`,
    };
  }
  const settings: Settings = {
    rootDir: configDir,
    sourceDir,
    outDir,
    baseUri: flags.baseUri ?? fileConfig.baseUri ?? DEFAULT_BASE_URI,
    catalog,
    resolution: fileConfig.resolution ?? { contracts: new Map() },
    typeNaming: flags.typeNames ?? fileConfig.typeNames ?? "short",
    typeNameClashes: fileConfig.typeNameClashes ?? "qualify",
    validation: fileConfig.validation ?? DEFAULT_VALIDATION,
    diff: fileConfig.diff ?? DEFAULT_DIFF,
    docsOutDir: docsFolder(flags, fileConfig, cwd, configDir),
  };
  if (fileConfig.version !== undefined) settings.version = fileConfig.version;
  if (fileConfig.maxWarnings !== undefined) settings.maxWarnings = fileConfig.maxWarnings;
  if (fileConfig.allowEmptySource === true) settings.allowEmptySource = true;
  if (fileConfig.docs !== undefined) applyDocsConfig(settings, fileConfig.docs);
  if (fileConfig.python !== undefined) settings.python = pythonSettings(fileConfig.python, configDir);
  if (flags.jobs !== undefined) settings.jobs = flags.jobs;
  const cacheDir = cacheFolder(flags, fileConfig, cwd, configDir);
  if (cacheDir !== undefined) settings.cacheDir = cacheDir;
  if (fileConfig.cache?.maxMiB !== undefined) settings.cacheMaxBytes = fileConfig.cache.maxMiB * 1024 * 1024;

  if (!readsSources) return { settings, diagnostics: [] };
  const diagnostics = await folderDiagnostics(sourceDir, outDir, cwd);
  return diagnostics.length > 0 ? { diagnostics } : { settings, diagnostics };
}

/** What is wrong with the source and output folders: one missing, the output a file, at the root or overlapping. */
async function folderDiagnostics(sourceDir: string, outDir: string, cwd: string): Promise<Diagnostic[]> {
  const diagnostics: Diagnostic[] = [];
  const shown = (p: string) => displayPath(p, cwd);
  const sourceStat = await stat(sourceDir).catch(() => undefined);
  if (!sourceStat?.isDirectory()) {
    diagnostics.push(errorAt(CLI_CODES.sourceDir, `source directory ${shown(sourceDir)} does not exist`, {}));
  }
  const outStat = await stat(outDir).catch(() => undefined);
  if (outStat && !outStat.isDirectory()) {
    diagnostics.push(
      errorAt(CLI_CODES.outDirNotDirectory, `output path ${shown(outDir)} exists and is not a directory`, {}),
    );
  }
  if (path.dirname(outDir) === outDir)
    diagnostics.push(
      errorAt(
        CLI_CODES.outDirPlacement,
        `output directory ${outDir} is the file system's root: charter replaces and reads its output folder whole`,
        {},
      ),
    );
  const inside = (child: string, parent: string) => child === parent || child.startsWith(parent + path.sep);
  if (inside(outDir, sourceDir) || inside(sourceDir, outDir)) {
    diagnostics.push(
      errorAt(
        CLI_CODES.outDirPlacement,
        `output directory ${shown(outDir)} overlaps the source directory ${shown(sourceDir)}`,
        {},
      ),
    );
  }
  return diagnostics;
}

/** The folder of the run's cache: the flag's, the config's, or the default; none with `--no-cache`. */
function cacheFolder(flags: SettingFlags, fileConfig: FileConfig, cwd: string, configDir: string): string | undefined {
  if (flags.noCache === true) return undefined;
  if (flags.cacheDir !== undefined) return path.resolve(cwd, flags.cacheDir);
  return fileConfig.cache?.dir !== undefined
    ? path.resolve(configDir, fileConfig.cache.dir)
    : defaultCacheDir(configDir);
}

/** Where the parsed config may be kept before the config is read: the cache's folder unless the config moves it. */
function configMemo(flags: SettingFlags, cwd: string, configDir: string): Promise<ConfigMemo | undefined> {
  return ConfigMemo.open(cacheFolder(flags, {}, cwd, configDir), flags.cacheDir !== undefined, configDir);
}

/**
 * The output folder: the flag's (from the current folder) or the config's
 * (from its folder), through a symbolic link if it is one. The config's paths
 * are the project's, so one that leaves its folder must say it means to; a
 * flag is explicit.
 */
async function outputFolder(
  flags: SettingFlags,
  fileConfig: FileConfig,
  at: { cwd: string; configDir: string; configPath: string },
): Promise<{ outDir: string } | { diagnostic: Diagnostic }> {
  const given =
    flags.out !== undefined
      ? path.resolve(at.cwd, flags.out)
      : path.resolve(at.configDir, fileConfig.out ?? "generated");
  if (flags.out === undefined && !isInside(given, at.configDir) && fileConfig.allowOutputOutsideProject !== true)
    return {
      diagnostic: errorAt(
        CLI_CODES.outDirPlacement,
        `out: ${fileConfig.out} is outside the project's folder (the config's); set allowOutputOutsideProject: true if that is meant`,
        { file: at.configPath },
      ),
    };
  const linked = await throughLink(given);
  return "error" in linked ? { diagnostic: errorAt(CLI_CODES.outDirPlacement, linked.error, {}) } : linked;
}

/** What the config's `docs` section says beside the site's folder. */
/** The Python target's settings, its hooks file resolved against the config's folder and named relative to it. */
function pythonSettings(python: PythonSettings, configDir: string): PythonSettings {
  if (python.rules === undefined) return python;
  const file = path.resolve(configDir, python.rules.file);
  return { ...python, rules: { file, shown: path.relative(configDir, file).split(path.sep).join("/") } };
}

function applyDocsConfig(settings: Settings, docs: NonNullable<FileConfig["docs"]>): void {
  if (docs.check === true) settings.docsCheck = true;
  if (docs.history !== undefined) settings.docsHistory = docs.history;
  if (docs.baseUrl !== undefined) settings.docsBaseUrl = docs.baseUrl;
}

/** The docs site's folder: `charter docs --out` (from the current folder), else the config's `docs.out` (from its folder). */
function docsFolder(flags: SettingFlags, fileConfig: FileConfig, cwd: string, configDir: string): string {
  return flags.docsOut !== undefined
    ? path.resolve(cwd, flags.docsOut)
    : path.resolve(configDir, fileConfig.docs?.out ?? DEFAULT_DOCS_OUT);
}

/** Whether `child` is `parent` or below it. */
function isInside(child: string, parent: string): boolean {
  return child === parent || child.startsWith(parent.endsWith(path.sep) ? parent : parent + path.sep);
}
