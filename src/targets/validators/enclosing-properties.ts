import { getAtPointer, joinPointer, splitPointer } from "../../core/json-pointer.js";

/** Keywords whose subschemas apply to the same instance as the schema holding them. */
const IN_PLACE_SINGLE = new Set(["not", "if", "then", "else"]);
const IN_PLACE_LISTS = new Set(["allOf", "anyOf", "oneOf"]);

/**
 * Whether a schema enclosing `pointer` through in-place applicators (`allOf`,
 * `if`/`then`/`else`, `not`, ...) declares `property` in its `properties`.
 * ajv's strictRequired looks only at the schema holding `required`, so it
 * reports `then: {required: [payload]}` as naming an undefined property even
 * when the object schema around the `allOf` defines `payload`: the usual way
 * to make a member conditional. Such a finding is ajv's blind spot, not the
 * author's mistake.
 */
export function declaredByEnclosingSchema(root: unknown, pointer: string, property: string): boolean {
  const tokens = splitPointer(pointer);
  let depth = tokens.length;
  for (;;) {
    const last = tokens[depth - 1];
    if (last !== undefined && IN_PLACE_SINGLE.has(last)) depth -= 1;
    else if (last !== undefined && /^\d+$/.test(last) && IN_PLACE_LISTS.has(tokens[depth - 2] ?? "")) depth -= 2;
    else return false;
    const properties = getAtPointer(root, joinPointer("", ...tokens.slice(0, depth), "properties"));
    if (
      properties !== null &&
      typeof properties === "object" &&
      Object.prototype.hasOwnProperty.call(properties, property)
    )
      return true;
  }
}
