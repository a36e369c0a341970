/**
 * The rules of `charter diff`. Each says what kind of change it is and whom it
 * breaks: a producer whose data was valid and no longer is (input narrowing),
 * a consumer that may now receive data it never saw (output widening), code
 * compiled against the generated types (TypeScript API), or nobody.
 */
export type Category = "input-narrowing" | "output-widening" | "typescript-api" | "non-breaking";

export const CATEGORIES: readonly Category[] = ["input-narrowing", "output-widening", "typescript-api", "non-breaking"];

export interface RuleInfo {
  category: Category;
  /** What the rule finds, for the README and `--format json`. */
  summary: string;
}

export const RULES = {
  // input narrowing: data that was valid is now invalid
  "contract-removed": { category: "input-narrowing", summary: "a contract is gone" },
  "definition-removed": { category: "input-narrowing", summary: "an exported definition (top-level `$defs` entry) is gone" },
  "required-added": { category: "input-narrowing", summary: "a property became required" },
  "type-narrowed": { category: "input-narrowing", summary: "a JSON type is no longer allowed" },
  "enum-added": { category: "input-narrowing", summary: "an `enum` now limits the values" },
  "enum-value-removed": { category: "input-narrowing", summary: "an `enum` value is gone" },
  "const-added": { category: "input-narrowing", summary: "a `const` now fixes the value" },
  "const-changed": { category: "input-narrowing", summary: "the `const` value changed" },
  "additional-properties-closed": { category: "input-narrowing", summary: "`additionalProperties: false` where other members were allowed" },
  "unevaluated-properties-closed": { category: "input-narrowing", summary: "`unevaluatedProperties: false` where other members were allowed" },
  "items-closed": { category: "input-narrowing", summary: "`items: false` (or `additionalItems: false`) where more items were allowed" },
  "schema-closed": { category: "input-narrowing", summary: "a subschema became `false`" },
  "property-forbidden": { category: "input-narrowing", summary: "a property is forbidden now (its schema is `false`)" },
  "property-removed-closed": { category: "input-narrowing", summary: "a property of a closed object is gone, so data that has it is refused" },
  "bound-tightened": { category: "input-narrowing", summary: "a minimum or maximum (value, length, items, properties) added or tightened" },
  "multiple-of-tightened": { category: "input-narrowing", summary: "`multipleOf` added, or changed to a value the old one does not divide into" },
  "pattern-added": { category: "input-narrowing", summary: "a `pattern` added" },
  "pattern-changed": { category: "input-narrowing", summary: "a `pattern` changed (charter cannot tell whether it accepts less)" },
  "format-added": { category: "input-narrowing", summary: "a `format` added" },
  "format-changed": { category: "input-narrowing", summary: "a `format` changed" },
  "unique-items-added": { category: "input-narrowing", summary: "`uniqueItems: true` added" },
  "union-branch-removed": { category: "input-narrowing", summary: "an `anyOf`/`oneOf` branch is gone" },
  "constraint-added": { category: "input-narrowing", summary: "an `allOf` branch added" },
  "reference-unresolved": { category: "input-narrowing", summary: "a `$ref` changed to a target charter cannot compare (reported as possibly narrowing)" },
  // output widening: a consumer may receive what it never saw
  "type-widened": { category: "output-widening", summary: "a JSON type is newly allowed" },
  "null-allowed": { category: "output-widening", summary: "`null` is newly allowed" },
  "enum-removed": { category: "output-widening", summary: "an `enum` no longer limits the values" },
  "enum-value-added": { category: "output-widening", summary: "an `enum` value added" },
  "const-removed": { category: "output-widening", summary: "a `const` no longer fixes the value" },
  "required-removed": { category: "output-widening", summary: "a property is no longer required" },
  "bound-loosened": { category: "output-widening", summary: "a minimum or maximum removed or loosened" },
  "multiple-of-loosened": { category: "output-widening", summary: "`multipleOf` removed, or changed to a divisor of the old one" },
  "pattern-removed": { category: "output-widening", summary: "a `pattern` removed" },
  "format-removed": { category: "output-widening", summary: "a `format` removed" },
  "unique-items-removed": { category: "output-widening", summary: "`uniqueItems: true` removed" },
  "additional-properties-opened": { category: "output-widening", summary: "other members allowed where `additionalProperties: false` refused them" },
  "unevaluated-properties-opened": { category: "output-widening", summary: "other members allowed where `unevaluatedProperties: false` refused them" },
  "items-opened": { category: "output-widening", summary: "more items allowed where `items: false` refused them" },
  "schema-opened": { category: "output-widening", summary: "a `false` subschema now accepts values" },
  "property-added-closed": { category: "output-widening", summary: "a property added to a closed object, which old consumers refuse" },
  "property-removed-open": { category: "output-widening", summary: "a property of an open object lost its schema, so any value may arrive" },
  "union-branch-added": { category: "output-widening", summary: "an `anyOf`/`oneOf` branch added" },
  "constraint-removed": { category: "output-widening", summary: "an `allOf` branch removed" },
  // the generated TypeScript API
  "type-removed": { category: "typescript-api", summary: "an exported type is gone" },
  "type-renamed": { category: "typescript-api", summary: "an exported type has a new name" },
  "type-moved": { category: "typescript-api", summary: "an exported type is exported from another module" },
  "field-became-required": { category: "typescript-api", summary: "an optional field is required in the type" },
  "field-removed": { category: "typescript-api", summary: "a field is gone from the type" },
  "field-type-changed": { category: "typescript-api", summary: "a field's type changed" },
  // nobody
  "contract-added": { category: "non-breaking", summary: "a contract is new" },
  "definition-added": { category: "non-breaking", summary: "an exported definition is new" },
  "optional-property-added": { category: "non-breaking", summary: "an optional property added to an open object" },
  "property-deprecated": { category: "non-breaking", summary: "a property is marked `deprecated: true`" },
  "deprecated-property-removed": { category: "non-breaking", summary: "a property that was `deprecated: true` is gone" },
  "deprecated-field-removed": { category: "non-breaking", summary: "a field marked `@deprecated` is gone from the type" },
  "description-changed": { category: "non-breaking", summary: "a `title`, `description`, `$comment` or `examples` changed" },
  "default-changed": { category: "non-breaking", summary: "a `default` changed" },
  "type-added": { category: "non-breaking", summary: "an exported type is new" },
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
}
