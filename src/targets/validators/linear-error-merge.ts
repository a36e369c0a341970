/**
 * Repair of the validators target: after each failing call to a schema it
 * compiled as a function of its own (every `$ref` but the small targets
 * inlined at their uses, inline-refs.ts),
 * ajv's code merges the callee's errors with `vErrors = vErrors.concat(...)`,
 * which copies every error collected so far. With `allErrors`, an array of n
 * bad items whose schema is referenced costs O(n²): 30,000 items took 39 s.
 * Appending in place keeps the same errors in the same order, in linear time.
 * A test runs ajv unrepaired and shows the `concat` is still there.
 */
const MERGE = /vErrors = vErrors === null \? (validate\d+)\.errors : vErrors\.concat\(\1\.errors\);/g;

export function appendErrorsInPlace(code: string): { code: string; replaced: number } {
  let replaced = 0;
  const repaired = code.replace(MERGE, (_, callee: string) => {
    replaced++;
    return `if (vErrors === null) { vErrors = ${callee}.errors; } else { for (const error of ${callee}.errors) vErrors.push(error); }`;
  });
  return { code: repaired, replaced };
}
