import type { JsonValue } from "../core/json-value.js";
import type { Repair } from "./support/repair.js";
import { walkInput } from "./support/walk-input.js";
import { CHARTER_KEYWORD_PREFIX } from "../schema/keywords.js";

const COMPOSITION = ["allOf", "anyOf", "oneOf"];
/** Keywords that say nothing about the shape of a value: they stay where they are. */
const STAYS = new Set([
  "$id",
  "$schema",
  "$anchor",
  "$dynamicAnchor",
  "$comment",
  "$defs",
  "definitions",
  "title",
  "description",
  "default",
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
  "tsType",
]);

export const repair: Repair = {
  id: "composite-schema-names",
  // It splits a schema once the combinators and object keywords that these add, close or drop are in place.
  after: [
    "unevaluated-properties-closed",
    "literal-pattern-properties",
    "discriminated-conditionals",
    "conditional-branches",
    "dependent-required",
    "discriminated-alternatives",
    "not-schema",
    "unconstrained-schemas",
    "ref-sibling-keywords",
    "alias-definitions",
  ],
  description:
    "A schema that combines `allOf`, `anyOf` or `oneOf` with other keywords (`{ allOf: [{$ref: base}], " +
    "properties: {kind: ...} }`, or `{ oneOf: [{required: [a]}, {required: [b]}], properties: ... }`) is " +
    "split by json-schema-to-typescript into one declaration per part, each named after the schema and " +
    "numbered in the order it meets them (`Item = Base & Item1`, `Item1`, `Item2`). charter moves the other " +
    "keywords into an `allOf` member of their own (the same meaning), and each combinator into its own member " +
    "when there are several, so the name lands on one declaration and the parts are written inline.",
  schema(input, applied, context) {
    walkInput(
      input,
      (schema, pointer) => {
        const combinators = COMPOSITION.filter((k) => Array.isArray(schema[k]));
        if (combinators.length === 0) return;
        const moved = Object.keys(schema).filter(
          (k) => !STAYS.has(k) && !COMPOSITION.includes(k) && !k.startsWith(CHARTER_KEYWORD_PREFIX),
        );
        if (moved.length === 0 && combinators.length === 1) return;
        const members: JsonValue[] = [];
        if (moved.length > 0) {
          const own: Record<string, JsonValue> = {};
          for (const key of moved) {
            Object.defineProperty(own, key, {
              value: schema[key],
              enumerable: true,
              writable: true,
              configurable: true,
            });
            delete schema[key];
          }
          members.push(own);
        }
        const allOf = Array.isArray(schema["allOf"]) ? (schema["allOf"] as JsonValue[]) : [];
        for (const combinator of ["anyOf", "oneOf"]) {
          if (!Array.isArray(schema[combinator])) continue;
          members.push({ [combinator]: schema[combinator] as JsonValue });
          delete schema[combinator];
        }
        schema["allOf"] = [...members, ...allOf];
        applied(pointer);
      },
      context,
    );
  },
};
