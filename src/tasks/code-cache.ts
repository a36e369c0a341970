import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { createRequire, Module } from "node:module";
import path from "node:path";
import vm from "node:vm";

/** A file loaded here, and whether the folder lacked its compiled code (or V8 refused what it had). */
interface Loaded {
  file: string;
  script: vm.Script;
  entry: string;
  missing: boolean;
}

/** What Node wraps a CommonJS file in. */
const wrap = (source: string) => `(function (exports, require, module, __filename, __dirname) { ${source}\n});`;

/**
 * Loads CommonJS files into the require cache, each compiled from V8's code cache in `folder`
 * when it has the file's: TypeScript's 9 MB file takes about a third of the time that way
 * (docs/decisions/004-threads-and-cache.md). Node 22 does this itself (`module.enableCompileCache`);
 * Node 20 (decision 001) offers `vm.Script`'s cached data. An entry is named by the digest of
 * the file's bytes and of Node's version and architecture, so it is the code of exactly that text;
 * V8 itself refuses data of another version or flags, which is then a miss. Files already loaded
 * are left alone; `files` are given in the order they require each other, the first required by
 * none of the others. `keep` writes the code the folder lacked, best called once the thread has
 * run the code it will run again (V8 then includes what it compiled meanwhile); failing to write
 * is not an error, as the next run simply compiles again.
 */
export function loadWithCodeCache(folder: string, files: readonly string[]): CodeCacheLoad {
  const loaded: Loaded[] = [];
  for (const file of files) {
    const requireThere = createRequire(file);
    if (requireThere.cache[file] !== undefined) continue;
    const module = new Module(file);
    Object.assign(module, { filename: file, paths: requireThere.resolve.paths("x") ?? [] });
    requireThere.cache[file] = module;
    try {
      loaded.push(runFromCache(folder, module, file));
    } catch (error) {
      delete requireThere.cache[file];
      throw error;
    }
    module.loaded = true;
  }
  return codeCacheLoad(loaded);
}

/** What a load compiled from the folder, and how to write what it lacked. */
export interface CodeCacheLoad {
  /** The files compiled from the folder's code. */
  fromCache: string[];
  keep: () => void;
}

function codeCacheLoad(loaded: readonly Loaded[]): CodeCacheLoad {
  return {
    fromCache: loaded.filter((file) => !file.missing).map((file) => file.file),
    keep: () => {
      for (const { script, entry, missing } of loaded) if (missing) writeEntry(entry, script.createCachedData());
    },
  };
}

/** Node's loaders of a file by its extension: `.js` is where CommonJS files are compiled. */
const extensions = (Module as unknown as { _extensions: Record<string, (module: Module, file: string) => void> })
  ._extensions;

/**
 * Runs `load` (the first `require` of a package of many CommonJS files, such as
 * json-schema-to-typescript and what it requires) with each CommonJS file it loads compiled from
 * the folder's code, as `loadWithCodeCache` does for a list of files: Node 20's own loader is
 * given every other file (an ES module, JSON), and is back in place when `load` returns or throws.
 */
export function requireWithCodeCache<T>(folder: string, load: () => T): { value: T } & CodeCacheLoad {
  const loaded: Loaded[] = [];
  const original = extensions[".js"]!;
  extensions[".js"] = (module, file) => {
    if (!isCommonJs(file)) return original(module, file);
    loaded.push(runFromCache(folder, module, file));
  };
  try {
    return { value: load(), ...codeCacheLoad(loaded) };
  } finally {
    extensions[".js"] = original;
  }
}

/** Compiles `file` into `module` from the folder's code when it has the file's, and runs it as Node runs a CommonJS file. */
function runFromCache(folder: string, module: Module, file: string): Loaded {
  const bytes = readFileSync(file);
  const digest = createHash("sha256").update(`${process.version} ${process.arch}\0`).update(bytes).digest("hex");
  const entry = path.join(folder, `${digest}.v8`);
  const cachedData = readEntry(entry);
  // A `#!` line is valid only at the very start of a script, which the wrapper is not.
  const source = bytes.toString("utf8").replace(/^#!/, "//");
  const script = new vm.Script(wrap(source), {
    filename: file,
    ...(cachedData ? { cachedData } : {}),
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  (script.runInThisContext() as (...args: unknown[]) => void).call(
    module.exports,
    module.exports,
    createRequire(file),
    module,
    file,
    path.dirname(file),
  );
  return { file, script, entry, missing: cachedData === undefined || script.cachedDataRejected === true };
}

/** Package scopes by folder: whether their `package.json` says `"type": "module"`. */
const moduleScopes = new Map<string, boolean>();

/** A `.cjs` file, or a `.js` file outside a package whose `.js` files are ES modules. */
function isCommonJs(file: string): boolean {
  if (file.endsWith(".cjs")) return true;
  if (!file.endsWith(".js")) return false;
  return !inModuleScope(path.dirname(file));
}

function inModuleScope(folder: string): boolean {
  const known = moduleScopes.get(folder);
  if (known !== undefined) return known;
  let scope: boolean;
  try {
    scope =
      (JSON.parse(readFileSync(path.join(folder, "package.json"), "utf8")) as { type?: unknown }).type === "module";
  } catch (error) {
    const parent = path.dirname(folder);
    // No package.json here (or none readable as JSON): the next folder up decides, as for Node.
    scope = (error as NodeJS.ErrnoException).code === "ENOENT" && parent !== folder ? inModuleScope(parent) : false;
  }
  moduleScopes.set(folder, scope);
  return scope;
}

/** An entry's bytes, its use renewed (the cache is pruned least recently used first); undefined when there is none. */
function readEntry(entry: string): Buffer | undefined {
  try {
    const data = readFileSync(entry);
    const now = new Date();
    utimesSync(entry, now, now);
    return data;
  } catch {
    return undefined;
  }
}

/** Written whole or not at all: a temporary file, renamed. */
function writeEntry(entry: string, data: Buffer): void {
  const temporary = `${entry}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    mkdirSync(path.dirname(entry), { recursive: true });
    writeFileSync(temporary, data);
    renameSync(temporary, entry);
  } catch {
    rmSync(temporary, { force: true });
  }
}
