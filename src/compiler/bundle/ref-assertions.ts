/**
 * What the assertions beside a `$ref` mean before 2019-09: `ignore`, as the
 * specifications say (`{ $ref, maxItems: 2 }` is the referenced schema
 * alone), or `apply`, as ajv does and as many real-world draft-07 schemas
 * expect (SchemaStore's pre-commit-config relies on it).
 */
export type RefSiblings = "ignore" | "apply";

/** Keywords of draft-04..07 that validate; unknown keywords, annotations and definitions are kept. */
export const ASSERTIONS = new Set([
  "type",
  "enum",
  "const",
  "multipleOf",
  "maximum",
  "exclusiveMaximum",
  "minimum",
  "exclusiveMinimum",
  "maxLength",
  "minLength",
  "pattern",
  "format",
  "items",
  "additionalItems",
  "maxItems",
  "minItems",
  "uniqueItems",
  "contains",
  "maxProperties",
  "minProperties",
  "required",
  "properties",
  "patternProperties",
  "additionalProperties",
  "dependencies",
  "propertyNames",
  "if",
  "then",
  "else",
  "allOf",
  "anyOf",
  "oneOf",
  "not",
  "contentMediaType",
  "contentEncoding",
]);
