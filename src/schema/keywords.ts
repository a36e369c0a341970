/**
 * Keywords whose values are schemas, across the dialects charter reads. Only
 * positions reached through these are schemas; everything else (`enum`,
 * `const`, `default`, `examples`, unknown keywords) is data, whatever keys it
 * holds, so a property named `$ref` inside `const` is never taken for a reference.
 */
export const SCHEMA_KEYWORDS = new Set([
  "additionalItems",
  "additionalProperties",
  "contains",
  "contentSchema",
  "else",
  "if",
  "not",
  "propertyNames",
  "then",
  "unevaluatedItems",
  "unevaluatedProperties",
]);

export const SCHEMA_MAP_KEYWORDS = new Set([
  "$defs",
  "definitions",
  "dependentSchemas",
  "patternProperties",
  "properties",
  // draft-04..07: a value is either a schema or a list of property names.
  "dependencies",
]);

export const SCHEMA_LIST_KEYWORDS = new Set(["allOf", "anyOf", "oneOf", "prefixItems"]);

/** `items` is a schema, or (before 2020-12) a list of schemas. */
export const ITEMS_KEYWORD = "items";

/** Keywords whose values are data, never schemas: a `$ref` member there is a value, not a reference. */
export const DATA_KEYWORDS = new Set(["const", "enum", "default", "examples"]);

/** Keywords whose value names another schema by URI. */
export const REFERENCE_KEYWORDS = ["$ref", "$dynamicRef", "$recursiveRef"] as const;
export type ReferenceKeyword = (typeof REFERENCE_KEYWORDS)[number];

/** The namespace of charter's own keywords, removed from every bundle. */
export const CHARTER_KEYWORD_PREFIX = "x-charter-";

/**
 * charter's own keywords, each spelled here once: a type's name, the rules
 * JSON Schema cannot state, counterexamples, lints silenced on a schema, and
 * the contract's version. Every bundle drops them (and any other keyword with
 * the prefix, at a schema position).
 */
export const CHARTER_KEYWORD = {
  name: "x-charter-name",
  rules: "x-charter-rules",
  counterexamples: "x-charter-counterexamples",
  ignore: "x-charter-ignore",
  version: "x-charter-version",
} as const;
