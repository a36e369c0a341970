/**
 * The groups of keywords the schema comparison reads, each declared once. What
 * the compiler already defines (which keywords hold data, not schemas) comes
 * from src/schema/keywords.ts; these are the groups only the
 * comparison needs: which way a keyword narrows, what it governs.
 */

import { DEFINITIONS_KEYWORDS } from "../schema/bundle-side.js";

export const JSON_TYPES = ["null", "boolean", "object", "array", "number", "string"] as const;

/** Keywords that say nothing about which values are valid: a change to them is `description-changed`. */
export const ANNOTATION_KEYWORDS = ["title", "description", "$comment", "examples"] as const;

/** Keywords that bound a value from below: raising one narrows, lowering it widens. */
export const LOWER_BOUNDS = [
  "minimum",
  "exclusiveMinimum",
  "minLength",
  "minItems",
  "minProperties",
  "minContains",
] as const;
/** Keywords that bound a value from above: lowering one narrows, raising it widens. */
export const UPPER_BOUNDS = [
  "maximum",
  "exclusiveMaximum",
  "maxLength",
  "maxItems",
  "maxProperties",
  "maxContains",
] as const;
export const MULTIPLE_OF = "multipleOf";
/** The numeric limits of a schema, in the order they are compared. */
export const LIMIT_KEYWORDS = [...LOWER_BOUNDS, ...UPPER_BOUNDS, MULTIPLE_OF] as const;
export type LimitKeyword = (typeof LIMIT_KEYWORDS)[number];

/** What governs an object's members that `properties` does not name, in the order they are looked at. */
export const PROPERTY_RESTS = ["additionalProperties", "unevaluatedProperties"] as const;
/** What governs the items a tuple (`prefixItems`, or `items` as a list) does not name. */
export const ITEM_RESTS = ["items", "additionalItems", "unevaluatedItems"] as const;
/** Keywords whose subschema applies to whatever the others leave: absent or `true` is open, `false` closed. */
export type RestKeyword = (typeof PROPERTY_RESTS)[number] | (typeof ITEM_RESTS)[number];

/** Lists of branches, compared branch by branch. */
export const BRANCH_KEYWORDS = ["allOf", "anyOf", "oneOf"] as const;
export type BranchKeyword = (typeof BRANCH_KEYWORDS)[number];
/** The branch lists of which data need match only some: a branch fewer accepts less. */
export const UNION_KEYWORDS: readonly BranchKeyword[] = ["anyOf", "oneOf"];

/** Keywords whose schema is a further condition on the value: one added narrows, one removed widens. */
export const CONSTRAINT_KEYWORDS = ["allOf", "not", "if", "then", "else"] as const;

/** Subschemas that, absent, accept everything: compared as `true` on the side that lacks them. */
export const SINGLE_SUBSCHEMAS = ["contains", "propertyNames"] as const;
/** Maps of subschemas, compared name by name (`true` where a side lacks the name). */
export const KEYED_SUBSCHEMAS = ["patternProperties", "dependentSchemas"] as const;
/** draft-04..07: a property's required companions (a list), or a schema the object must then match. */
export const DEPENDENCIES = "dependencies";
/** Where a property's required companions are listed. */
export const DEPENDENCY_KEYWORDS = ["dependentRequired", DEPENDENCIES] as const;

/** Where definitions (and a bundle's embedded documents) are kept, in every dialect. */
export { DEFINITIONS_KEYWORDS };
export type DefinitionsKeyword = (typeof DEFINITIONS_KEYWORDS)[number];

/** Keywords that are neither annotations nor `$ref`: a node with none of them beside its `$ref` is only a reference. */
export const NOT_ASSERTIONS: ReadonlySet<string> = new Set([
  "$ref",
  "$id",
  "id",
  "$schema",
  "$anchor",
  "$dynamicAnchor",
  ...DEFINITIONS_KEYWORDS,
  "default",
  "deprecated",
  ...ANNOTATION_KEYWORDS,
]);
