import { loadWithCodeCache, requireWithCodeCache } from "./code-cache.js";

/**
 * The folder of V8's compiled code this thread's heavy CommonJS packages (TypeScript, prettier)
 * are loaded from on first use, and the loads whose code it lacked: one setting per thread, since
 * the packages are required deep inside the stages that first need them.
 */
let folder: string | undefined;
const loads: { keep: () => void }[] = [];

/** From now on, packages loaded through `loadCompiledCode` take their code from `dir` (none: compiled afresh). */
export function takeCompiledCodeFrom(dir: string | undefined): void {
  folder = dir;
}

/** Loads `files` (see `loadWithCodeCache`) from the folder's code, when one is set; otherwise leaves them to `require`. */
export function loadCompiledCode(files: () => string[]): void {
  if (folder !== undefined) loads.push(loadWithCodeCache(folder, files()));
}

/** `load` (a package's first `require`) with each CommonJS file it loads compiled from the folder's code, when one is set (see `requireWithCodeCache`). */
export function requireCompiledCode<T>(load: () => T): T {
  if (folder === undefined) return load();
  const loaded = requireWithCodeCache(folder, load);
  loads.push(loaded);
  return loaded.value;
}

/** Writes the code the folder lacked of what was loaded through it: best once that code has run. */
export function keepCompiledCode(): void {
  for (const load of loads.splice(0)) load.keep();
}
