/**
 * Repair of the validators target: ajv 8 (the 2019-09 and 2020-12 classes,
 * which track evaluated properties) marks each property a
 * `patternProperties` matched with `props[key] = true`, where `props` is
 * declared only in the branch that evaluated something before it: after an
 * `anyOf` whose first branch failed it is `undefined`, and the validator
 * throws a TypeError on data (`{ anyOf: [{ properties: { c: {} }, required:
 * [c] }, true], patternProperties: { "^x": true } }` on `{ "x1": 1 }`); it
 * may also hold `true` (every property evaluated), where strict-mode code
 * cannot set a property. The guard starts an object where there is none and
 * leaves `true` as it is: what ajv means. A test shows ajv still writes the
 * unguarded assignment.
 */
const MARK = /\b(props\d+)\[(key\d+)\] = true;/g;

export function guardPatternProps(code: string): { code: string; replaced: number } {
  let replaced = 0;
  const repaired = code.replace(MARK, (_, props: string, key: string) => {
    replaced++;
    return `if (${props} !== true) { (${props} || (${props} = {}))[${key}] = true; }`;
  });
  return { code: repaired, replaced };
}
