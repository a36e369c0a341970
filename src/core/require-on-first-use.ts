import { createRequire } from "node:module";

/**
 * A CommonJS package, required from `base` (a module's `import.meta.url`) the first time it is
 * asked for: a package that only some runs need costs the others nothing to load.
 */
export function requireOnFirstUse<T>(base: string, specifier: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= createRequire(base)(specifier) as T);
}
