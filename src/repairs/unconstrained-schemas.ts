import type { Repair } from "./repair.js";
import { walkInput } from "./walk-input.js";

/** Keywords from which the generator can tell what kind of value a schema describes. */
const SHAPING = [
  "type", "properties", "additionalProperties", "patternProperties", "items", "prefixItems", "additionalItems",
  "enum", "const", "allOf", "anyOf", "oneOf", "$ref", "tsType", "required", "if", "then", "else", "not",
  "contains", "dependentSchemas", "dependencies", "unevaluatedProperties", "unevaluatedItems", "propertyNames",
];

export const repair: Repair = {
  id: "unconstrained-schemas",
  description:
    "A schema that says nothing about the kind of value (`true`, `{}`, `{ description: ... }`, " +
    "`{ minLength: 1 }`, which only constrains strings and lets anything else through) accepts every JSON " +
    "value, but json-schema-to-typescript types a named one as an object (`interface X { [k: string]: " +
    "unknown }`), so strings and numbers the schema accepts do not type-check. charter gives such schemas " +
    "the type `unknown`.",
  schema(input, applied, context) {
    walkInput(input, (schema, pointer) => {
      if (SHAPING.some((keyword) => schema[keyword] !== undefined)) return;
      schema["tsType"] = "unknown";
      applied(pointer);
    }, context);
  },
};
