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
export function loadWithCodeCache(
  folder: string,
  files: readonly string[],
): { /** The files compiled from the folder's code. */ fromCache: string[]; keep: () => void } {
  const loaded: Loaded[] = [];
  for (const file of files) {
    const requireThere = createRequire(file);
    if (requireThere.cache[file] !== undefined) continue;
    const bytes = readFileSync(file);
    const digest = createHash("sha256").update(`${process.version} ${process.arch}\0`).update(bytes).digest("hex");
    const entry = path.join(folder, `${digest}.v8`);
    const cachedData = readEntry(entry);
    const script = new vm.Script(wrap(bytes.toString("utf8")), {
      filename: file,
      ...(cachedData ? { cachedData } : {}),
      importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    });
    const module = new Module(file);
    Object.assign(module, { filename: file, paths: requireThere.resolve.paths("x") ?? [] });
    requireThere.cache[file] = module;
    try {
      (script.runInThisContext() as (...args: unknown[]) => void).call(
        module.exports,
        module.exports,
        requireThere,
        module,
        file,
        path.dirname(file),
      );
    } catch (error) {
      delete requireThere.cache[file];
      throw error;
    }
    module.loaded = true;
    loaded.push({ file, script, entry, missing: cachedData === undefined || script.cachedDataRejected === true });
  }
  return {
    fromCache: loaded.filter((file) => !file.missing).map((file) => file.file),
    keep: () => {
      for (const { script, entry, missing } of loaded) if (missing) writeEntry(entry, script.createCachedData());
    },
  };
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
