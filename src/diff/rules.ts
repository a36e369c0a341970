/**
 * The rules of `charter diff`. Each says what kind of change it is and whom it
 * breaks: a producer whose data was valid and no longer is (input narrowing),
 * a consumer that may now receive data it never saw (output widening), code
 * compiled against the generated types (TypeScript API), or nobody.
 */
export type Category = "input-narrowing" | "output-widening" | "typescript-api" | "non-breaking";

export const CATEGORIES: readonly Category[] = ["input-narrowing", "output-widening", "typescript-api", "non-breaking"];

export interface RuleInfo {
  /** Whom the change can break; a change that can go either way (a changed pattern) is in both. */
  categories: readonly Category[];
  /** What the rule finds, for the README and `--format json`. */
  summary: string;
}

export const RULES = {
  // input narrowing: data that was valid is now invalid
  "contract-removed": { categories: ["input-narrowing"], summary: "a contract is gone" },
  "definition-removed": {
    categories: ["input-narrowing"],
    summary: "an exported definition (top-level `$defs` entry) is gone",
  },
  "required-added": { categories: ["input-narrowing"], summary: "a property became required" },
  "type-narrowed": { categories: ["input-narrowing"], summary: "a JSON type is no longer allowed" },
  "enum-added": {
    categories: ["input-narrowing"],
    summary: "an `enum` (or a `const`, a one-value enum) now limits the values",
  },
  "enum-value-removed": { categories: ["input-narrowing"], summary: "an `enum` value (or the `const` value) is gone" },
  "additional-properties-closed": {
    categories: ["input-narrowing"],
    summary: "`additionalProperties: false` where other members were allowed",
  },
  "unevaluated-properties-closed": {
    categories: ["input-narrowing"],
    summary: "`unevaluatedProperties: false` where other members were allowed",
  },
  "items-closed": {
    categories: ["input-narrowing"],
    summary: "`items: false` (or `additionalItems: false`) where more items were allowed",
  },
  "schema-closed": { categories: ["input-narrowing"], summary: "a subschema became `false`" },
  "property-forbidden": {
    categories: ["input-narrowing"],
    summary: "a property is forbidden now (its schema is `false`)",
  },
  "property-removed-closed": {
    categories: ["input-narrowing"],
    summary: "a property of a closed object is gone, so data that has it is refused",
  },
  "bound-tightened": {
    categories: ["input-narrowing"],
    summary: "a minimum or maximum (value, length, items, properties) added or tightened",
  },
  "multiple-of-tightened": {
    categories: ["input-narrowing"],
    summary: "`multipleOf` added, or changed to a multiple of the old step",
  },
  "multiple-of-changed": {
    categories: ["input-narrowing", "output-widening"],
    summary: "`multipleOf` changed to a step that is neither a multiple nor a divisor of the old one",
  },
  "dependent-required-added": {
    categories: ["input-narrowing"],
    summary: "a property now requires another (`dependentRequired`, draft-07 `dependencies`)",
  },
  "pattern-added": { categories: ["input-narrowing"], summary: "a `pattern` added" },
  "pattern-changed": {
    categories: ["input-narrowing", "output-widening"],
    summary: "a `pattern` changed (charter cannot tell whether it accepts less)",
  },
  "format-added": { categories: ["input-narrowing"], summary: "a `format` added" },
  "format-changed": { categories: ["input-narrowing", "output-widening"], summary: "a `format` changed" },
  "unique-items-added": { categories: ["input-narrowing"], summary: "`uniqueItems: true` added" },
  "union-branch-removed": { categories: ["input-narrowing"], summary: "an `anyOf`/`oneOf` branch is gone" },
  "constraint-added": { categories: ["input-narrowing"], summary: "an `allOf` branch added" },
  "reference-unresolved": {
    categories: ["input-narrowing", "output-widening"],
    summary: "a `$ref` changed to a target charter cannot compare (it may narrow or widen)",
  },
  // output widening: a consumer may receive what it never saw
  "type-widened": { categories: ["output-widening"], summary: "a JSON type is newly allowed" },
  "null-allowed": { categories: ["output-widening"], summary: "`null` is newly allowed" },
  "enum-removed": { categories: ["output-widening"], summary: "an `enum` (or `const`) no longer limits the values" },
  "enum-value-added": {
    categories: ["output-widening"],
    summary: "an `enum` value added (a changed `const` is a value removed and one added)",
  },
  "required-removed": { categories: ["output-widening"], summary: "a property is no longer required" },
  "bound-loosened": { categories: ["output-widening"], summary: "a minimum or maximum removed or loosened" },
  "multiple-of-loosened": {
    categories: ["output-widening"],
    summary: "`multipleOf` removed, or changed to a divisor of the old step",
  },
  "dependent-required-removed": { categories: ["output-widening"], summary: "a property no longer requires another" },
  "pattern-removed": { categories: ["output-widening"], summary: "a `pattern` removed" },
  "format-removed": { categories: ["output-widening"], summary: "a `format` removed" },
  "unique-items-removed": { categories: ["output-widening"], summary: "`uniqueItems: true` removed" },
  "additional-properties-opened": {
    categories: ["output-widening"],
    summary: "other members allowed where `additionalProperties: false` refused them",
  },
  "unevaluated-properties-opened": {
    categories: ["output-widening"],
    summary: "other members allowed where `unevaluatedProperties: false` refused them",
  },
  "items-opened": { categories: ["output-widening"], summary: "more items allowed where `items: false` refused them" },
  "schema-opened": { categories: ["output-widening"], summary: "a `false` subschema now accepts values" },
  "property-added-closed": {
    categories: ["output-widening"],
    summary: "a property added to a closed object, which old consumers refuse",
  },
  "property-removed-open": {
    categories: ["output-widening"],
    summary: "a property of an open object lost its schema, so any value may arrive",
  },
  "union-branch-added": { categories: ["output-widening"], summary: "an `anyOf`/`oneOf` branch added" },
  "constraint-removed": { categories: ["output-widening"], summary: "an `allOf` branch removed" },
  // the generated TypeScript API
  "type-removed": { categories: ["typescript-api"], summary: "an exported type is gone" },
  "type-renamed": { categories: ["typescript-api"], summary: "an exported type has a new name" },
  "type-moved": { categories: ["typescript-api"], summary: "an exported type is exported from another module" },
  "field-became-required": { categories: ["typescript-api"], summary: "an optional field is required in the type" },
  "field-removed": { categories: ["typescript-api"], summary: "a field is gone from the type" },
  "field-became-optional": {
    categories: ["typescript-api"],
    summary: "a required field is optional in the type (code reading it must now handle `undefined`)",
  },
  // nobody
  "contract-added": { categories: ["non-breaking"], summary: "a contract is new" },
  "definition-added": { categories: ["non-breaking"], summary: "an exported definition is new" },
  "optional-property-added": { categories: ["non-breaking"], summary: "an optional property added to an open object" },
  "property-deprecated": { categories: ["non-breaking"], summary: "a property is marked `deprecated: true`" },
  "deprecated-property-removed": {
    categories: ["non-breaking"],
    summary: "a property that was `deprecated: true` is gone",
  },
  "deprecated-field-removed": {
    categories: ["non-breaking"],
    summary: "a field marked `@deprecated` is gone from the type",
  },
  "description-changed": {
    categories: ["non-breaking"],
    summary: "a `title`, `description`, `$comment` or `examples` changed",
  },
  "default-changed": { categories: ["non-breaking"], summary: "a `default` changed" },
  "type-added": { categories: ["non-breaking"], summary: "an exported type is new" },
  "field-type-changed": {
    categories: ["non-breaking"],
    summary: "a field's type reads differently; whom that breaks is what the schema findings of the same change say",
  },
  "alias-changed": {
    categories: ["non-breaking"],
    summary: "a type alias reads differently; whom that breaks is what the schema findings of the same change say",
  },
} as const satisfies Record<string, RuleInfo>;

export type RuleId = keyof typeof RULES;

/** One change between two versions of a contract. */
export interface Finding {
  rule: RuleId;
  category: Category;
  contract: string;
  /** Where in the base version (`#/properties/x`, or `types/a.ts#Name.field`); absent for what is new. */
  basePointer?: string;
  /** Where in the head version; absent for what is gone. */
  headPointer?: string;
  message: string;
  /** The keyword (a pointer relative to the schema at the pointers: `maxLength`, `properties/n`) that changed, to locate the finding in a source. */
  keyword?: string;
}
