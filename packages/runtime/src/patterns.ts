/**
 * How generated validators build the regular expressions of `pattern` and
 * `patternProperties`: through `pattern(source, flags)`, once per pattern,
 * when a contract's validator module loads. By default that is JavaScript's
 * own `RegExp`, exactly what ajv's code would build. A process that checks
 * untrusted data against patterns that can backtrack exponentially
 * (`^(a+)+$`) installs a linear-time engine first (`usePatternEngine`, with
 * `linearPattern` from `charter-runtime/re2js`); the modules loaded after that
 * build their patterns with it. docs/guides/clients.md says which patterns
 * the linear engine cannot run and what happens to them.
 */

/** What a validator asks of a pattern. */
export interface PatternLike {
  test(text: string): boolean;
}

/** Builds a pattern from its ECMAScript source and flags (`"u"`), as `new RegExp` does. */
export type PatternEngine = (source: string, flags: string) => PatternLike;

// On globalThis, so that the ES module and CommonJS builds of this package share one engine: a
// CommonJS application switches it for the ES module tree it loads.
const ENGINE = Symbol.for("charter-runtime.patternEngine");
const shared = globalThis as { [ENGINE]?: PatternEngine | undefined };

/**
 * Sets the engine that patterns of validator modules loaded from now on are
 * built with (`undefined`: JavaScript's RegExp again). Modules already loaded
 * keep the patterns they built: call this before the first validation.
 */
export function usePatternEngine(next: PatternEngine | undefined): void {
  shared[ENGINE] = next;
}

/** What generated validators call to build each of their patterns. */
export function pattern(source: string, flags: string): PatternLike {
  const engine = shared[ENGINE];
  return engine === undefined ? new RegExp(source, flags) : engine(source, flags);
}
