/**
 * The settings sections that apply per contract (`validation`, `resolution`,
 * `diff`) are keyed by contract name, or by folder when the key ends in "/".
 * The most specific key wins: the contract's own key, then its folders from
 * the inside out.
 */

/**
 * The values of the entries that apply to `contract`, from the least to the
 * most specific: its folders from the outside in, then the contract itself.
 * A folder applies only as a whole path segment: "a/" applies to "a/x", not to "ab/x".
 */
export function mostSpecific<T>(contract: string, entries: ReadonlyMap<string, T>): T[] {
  return [...entries]
    .filter(([key]) => (key.endsWith("/") ? contract.startsWith(key) : contract === key))
    .sort(([a], [b]) => specificity(a) - specificity(b))
    .map(([, value]) => value);
}

/** Some of a setting's keys; one set to `undefined` is as if left out. */
export type Layer<T> = { [K in keyof T]?: T[K] | undefined };

/** `base` with each layer's keys laid over it in order; a key set to `undefined` hides nothing beneath it. */
export function overlay<T extends object>(base: T, layers: readonly Layer<T>[]): T {
  return Object.assign({}, base, ...layers.map(definedKeys)) as T;
}

// A folder key's length grows with its depth; the contract's own key is the most specific of all.
function specificity(key: string): number {
  return key.endsWith("/") ? key.length : Number.MAX_SAFE_INTEGER;
}

function definedKeys<T extends object>(layer: Layer<T>): Partial<T> {
  return Object.fromEntries(Object.entries(layer).filter(([, value]) => value !== undefined)) as Partial<T>;
}
