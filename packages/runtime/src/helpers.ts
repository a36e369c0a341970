/**
 * What generated validators call besides the format checks: the length of a
 * string in code points, equality of JSON values, and the error an async
 * validator throws. ajv's standalone code names these in ajv's own package
 * (`ajv/dist/runtime/*`); charter's generator points those names here, so a
 * client installs this package and nothing else (docs/decisions/005-runtime-package.md).
 */

/**
 * The length of a string in Unicode code points, which is what `minLength`
 * and `maxLength` count: a surrogate pair is one character, a lone
 * surrogate is one too.
 */
export function ucs2length(text: string): number {
  let length = text.length;
  for (let index = 0; index < text.length - 1; index++) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        length--;
        index++;
      }
    }
  }
  return length;
}

// Below this depth the walk recurses, which is fastest for the small values `const`, `enum`
// and `uniqueItems` usually compare; deeper pairs go to an iterative walk, so data nested far
// deeper than the call stack gets an answer, not a RangeError.
const RECURSION_DEPTH = 200;

// Past this many compared pairs the iterative walk remembers the pairs it has entered, so that
// two cyclic values (which JSON cannot be, but data handed to a validator can) end instead of
// looping; below it, equality of ordinary values pays nothing for that.
const REMEMBER_AFTER = 10_000;

/**
 * Equality of JSON values, as `const`, `enum` and `uniqueItems` need it: the
 * same primitives (NaN equal to itself), arrays of equal items in order,
 * objects with the same keys and equal values whatever their order. Keys
 * are data, whatever their names (an own `valueOf` or `constructor` is
 * compared, not called). Any depth gets an answer.
 *
 * Objects that are neither arrays nor plain objects (a Date, a Map, a class
 * instance: never the result of parsing JSON) are equal only to themselves.
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  return equalAt(a, b, 0);
}

function equalAt(a: unknown, b: unknown, depth: number): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return a !== a && b !== b;
  if (depth >= RECURSION_DEPTH) return equalIteratively(a, b);
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index++) if (!equalAt(a[index], b[index], depth + 1)) return false;
    return true;
  }
  if (Array.isArray(b) || !isPlain(a) || !isPlain(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (!Object.prototype.hasOwnProperty.call(b, key)) return false;
    if (!equalAt((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], depth + 1)) return false;
  }
  return true;
}

/** The same equality with a stack of pairs instead of the call stack. */
function equalIteratively(a: object, b: object): boolean {
  const pending: unknown[] = [a, b];
  let compared = 0;
  let entered: Map<object, Set<object>> | undefined;
  while (pending.length > 0) {
    const right = pending.pop();
    const left = pending.pop();
    if (left === right) continue;
    if (!isObject(left) || !isObject(right)) {
      if (left !== left && right !== right) continue;
      return false;
    }
    if (++compared > REMEMBER_AFTER) {
      entered ??= new Map();
      let partners = entered.get(left);
      if (partners?.has(right)) continue;
      if (!partners) entered.set(left, (partners = new Set()));
      partners.add(right);
    }
    const leftIsArray = Array.isArray(left);
    if (leftIsArray !== Array.isArray(right)) return false;
    if (leftIsArray) {
      const rightArray = right as unknown[];
      if (left.length !== rightArray.length) return false;
      for (let index = 0; index < left.length; index++) pending.push(left[index], rightArray[index]);
      continue;
    }
    if (!isPlain(left) || !isPlain(right)) return false;
    const keys = Object.keys(left);
    if (keys.length !== Object.keys(right).length) return false;
    for (const key of keys) {
      if (!Object.prototype.hasOwnProperty.call(right, key)) return false;
      pending.push((left as Record<string, unknown>)[key], (right as Record<string, unknown>)[key]);
    }
  }
  return true;
}

function isObject(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}

function isPlain(value: object): boolean {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/**
 * What a validator compiled from a schema with `$async: true` throws when
 * the data is invalid (ajv's contract for async validators: `errors`, and
 * `ajv` and `validation` set to true).
 */
export class ValidationError extends Error {
  readonly ajv = true;
  readonly validation = true;
  constructor(readonly errors: readonly unknown[]) {
    super("validation failed");
  }
}
