import type { Repair } from "./support/repair.js";
import { walkInput } from "./support/walk-input.js";

const CONDITIONS = ["if", "then", "else"];

/**
 * Keywords from which the generator can tell what kind of value a schema describes. Not `if`, `then` and
 * `else`: the generator ignores them, and a schema of nothing else became an object type.
 */
const SHAPING = [
  "type",
  "properties",
  "additionalProperties",
  "patternProperties",
  "items",
  "prefixItems",
  "additionalItems",
  "enum",
  "const",
  "allOf",
  "anyOf",
  "oneOf",
  "$ref",
  "tsType",
  "required",
  "not",
  "contains",
  "dependentSchemas",
  "dependencies",
  "unevaluatedProperties",
  "unevaluatedItems",
  "propertyNames",
];

export const repair: Repair = {
  id: "unconstrained-schemas",
  // literal-pattern-properties reads patterns that accept any value before this types them `unknown`; the conditionals
  // become unions before this drops those of only `if`/`then`/`else`; once not-schema drops `not`, a schema may say
  // nothing of a value's kind.
  after: ["literal-pattern-properties", "discriminated-conditionals", "conditional-branches", "not-schema"],
  description:
    "A schema that says nothing about the kind of value (`true`, `{}`, `{ description: ... }`, " +
    "`{ minLength: 1 }`, which only constrains strings and lets anything else through) accepts every JSON " +
    "value, but json-schema-to-typescript types it as an object (`interface X { [k: string]: unknown }`), so " +
    "strings and numbers the schema accepts do not type-check. The same holds for a schema of only " +
    "`if`/`then`/`else` that conditional-branches cannot state as a union (`if: {required: [author]}, then: " +
    "{required: [date]}`: an object with an author has a date, anything else passes). charter gives such schemas the type `unknown` (dropping the conditions, which the validator " +
    "enforces, from the generator's input).",
  schema(input, applied, context) {
    walkInput(
      input,
      (schema, pointer) => {
        if (SHAPING.some((keyword) => schema[keyword] !== undefined)) return;
        const conditions = CONDITIONS.filter((keyword) => schema[keyword] !== undefined);
        for (const keyword of conditions) delete schema[keyword];
        // Left empty, it is the generator's own `unknown`, which it leaves out of an intersection (an `allOf` of conditions).
        if (conditions.length === 0 || Object.keys(schema).length > 0) schema["tsType"] = "unknown";
        applied(pointer);
      },
      context,
    );
  },
};
