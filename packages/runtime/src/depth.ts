/**
 * The depth limit: how deep into the data a contract's validator may follow
 * its schema's references back to itself. Such a validator calls itself once
 * per level of the data, so data nested deeply enough would run it out of call
 * stack; instead, each of its functions that can call itself checks the depth
 * of the value it is given, and the validation stops at the first object or
 * array deeper than the limit, reported as not judged.
 *
 * Depth counts objects and arrays: a scalar at the top is depth 0, `{}` and
 * `[]` are depth 1, `{"a": [1]}` is depth 2. A limit of N judges data of
 * depth N. Data nested deeper where the schema does not recurse (an open
 * object's members) is never followed by the validator, and never refused.
 */

/**
 * The default limit. Measured on Node 20 with its default stack (see
 * docs/limits.md): a simple recursive contract's validator overflows from
 * about 3,100 levels, this repository's `charter/source` (which extends the
 * 2020-12 meta-schema, several calls per level) from 557 levels. 128 leaves
 * that contract room for an application's own stack below it, and is deeper
 * than ordinary documents nest.
 */
export const DEFAULT_MAX_DEPTH = 128;

/** The `maxDepth` option, checked: a positive integer, or Infinity for no limit; undefined is the default. */
export function depthLimit(option: unknown): number {
  if (option === undefined) return DEFAULT_MAX_DEPTH;
  if (option === Infinity || (typeof option === "number" && Number.isSafeInteger(option) && option > 0)) return option;
  const shown =
    typeof option === "number" || typeof option === "bigint"
      ? String(option)
      : typeof option === "string"
        ? JSON.stringify(option)
        : typeof option;
  throw new TypeError(
    `charter runtime: maxDepth must be a positive integer (levels of nested objects and arrays) or Infinity (no limit), got ${shown}`,
  );
}

/**
 * The limit a generated module checks (recursion-guard.ts of the compiler):
 * exported by validator modules that can recurse with the data, as
 * `__charterDepth`. The validator throws this object itself, with the pointer
 * of the value too deep in `at`, when a function that can call itself meets a
 * value nested deeper than `limit`.
 */
export interface DepthGuard {
  limit: number;
  at: string;
}

/** The module's depth guard, or undefined for a module whose validators cannot recurse with the data (or generated before the guard). */
export function depthGuardOf(module: Record<string, unknown>): DepthGuard | undefined {
  const guard = module["__charterDepth"] as DepthGuard | undefined;
  return typeof guard === "object" && guard !== null && typeof guard.limit === "number" ? guard : undefined;
}
