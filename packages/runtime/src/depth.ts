/**
 * The depth limit: how deep data may nest before a recursive contract's
 * validator is trusted with it. A generated validator calls itself once per
 * level of the data wherever the schema refers back to itself, so data
 * nested deeply enough runs it out of call stack; the runtime measures the
 * data first, and reports data beyond the limit as not judged without
 * running the validator.
 *
 * Depth counts objects and arrays: a scalar at the top is depth 0, `{}` and
 * `[]` are depth 1, `{"a": [1]}` is depth 2. A limit of N accepts data of
 * depth N and reports the first object or array at depth N + 1.
 */

/**
 * The default limit. Measured on Node 20 with its default stack (see
 * docs/runtime.md): a simple recursive contract's validators overflow from
 * about 2,700 levels, this repository's `charter/source` (which extends the
 * 2020-12 meta-schema, several calls per level) from 317 levels with its
 * all-errors validator. 128 leaves that contract room for an application's
 * own stack below it, and is deeper than ordinary documents nest.
 */
export const DEFAULT_MAX_DEPTH = 128;

/** The `maxDepth` option, checked: a positive integer, or Infinity for no limit; undefined is the default. */
export function depthLimit(option: unknown): number {
  if (option === undefined) return DEFAULT_MAX_DEPTH;
  if (option === Infinity || (typeof option === "number" && Number.isSafeInteger(option) && option > 0)) return option;
  const shown = typeof option === "number" || typeof option === "bigint" ? String(option) : typeof option === "string" ? JSON.stringify(option) : typeof option;
  throw new TypeError(`charter runtime: maxDepth must be a positive integer (levels of nested objects and arrays) or Infinity (no limit), got ${shown}`);
}

/**
 * The JSON pointer of the first object or array, in document order, nested
 * deeper than `limit` (the root is depth 1), or undefined when there is none.
 * Iterative: it cannot overflow the stack, whatever the depth. It reads only
 * own enumerable string keys, as JSON has, and calls nothing on the data (no
 * `toJSON`); a value that throws as it is read (an accessor of a class
 * instance) ends the walk with undefined, and the validator meets it.
 */
export function firstTooDeep(data: unknown, limit: number): string | undefined {
  if (typeof data !== "object" || data === null || limit === Infinity) return undefined;
  try {
    // Most data is within the limit: a quick pass says so; only data beyond it is walked again, in order, for the pointer.
    return exceeds(data, limit) ? locate(data, limit) : undefined;
  } catch {
    return undefined;
  }
}

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * Whether any object or array lies deeper than `limit`: a depth-first pass in
 * no particular order, with one stack of the containers still to read, each
 * followed by its depth (nothing for scalars); it returns at the first one too deep.
 */
function exceeds(root: object, limit: number): boolean {
  const stack: (object | number)[] = [root, 1];
  for (let top = 2; top > 0; ) {
    const depth = stack[--top] as number;
    const value = stack[--top] as object;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const child: unknown = value[i];
        if (typeof child !== "object" || child === null) continue;
        if (depth >= limit) return true;
        stack[top++] = child;
        stack[top++] = depth + 1;
      }
    } else {
      for (const key in value) {
        if (!hasOwn.call(value, key)) continue;
        const child: unknown = (value as Record<string, unknown>)[key];
        if (typeof child !== "object" || child === null) continue;
        if (depth >= limit) return true;
        stack[top++] = child;
        stack[top++] = depth + 1;
      }
    }
  }
  return false;
}

/**
 * The pointer of the first object or array deeper than `limit`, in document
 * order: a walk that keeps the path from the root, each container with its
 * keys (undefined for an array) and the position of the next member to read,
 * and stops at the first value too deep.
 */
function locate(root: object, limit: number): string | undefined {
  const containers: object[] = [root];
  const keys: (string[] | undefined)[] = [Array.isArray(root) ? undefined : Object.keys(root)];
  const positions: number[] = [0];
  let top = 0;
  while (top >= 0) {
    const container = containers[top]!;
    const names = keys[top];
    const at = positions[top]!;
    if (at >= (names === undefined ? (container as unknown[]).length : names.length)) {
      top--;
      continue;
    }
    positions[top] = at + 1;
    const child: unknown = names === undefined ? (container as unknown[])[at] : (container as Record<string, unknown>)[names[at]!];
    if (typeof child !== "object" || child === null) continue;
    // The child's depth is top + 2: the root is depth 1 at index 0.
    if (top + 2 > limit) return pointerOf(keys, positions, top);
    top++;
    containers[top] = child;
    keys[top] = Array.isArray(child) ? undefined : Object.keys(child);
    positions[top] = 0;
  }
  return undefined;
}

/** The pointer of the member last read at each level of the path, down to `top`. */
function pointerOf(keys: readonly (string[] | undefined)[], positions: readonly number[], top: number): string {
  let pointer = "";
  for (let level = 0; level <= top; level++) {
    const at = positions[level]! - 1;
    const names = keys[level];
    pointer += "/" + (names === undefined ? String(at) : names[at]!.replace(/~/g, "~0").replace(/\//g, "~1"));
  }
  return pointer;
}
