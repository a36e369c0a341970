import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { compareSchemas } from "../../src/diff/compare-schemas.js";
import { compareTypes } from "../../src/diff/compare-types.js";
import { diffTrees, type ContractTree } from "../../src/diff/diff-trees.js";
import { SCHEMA_RULES } from "../../src/diff/rules/registry.js";
import { RULES, type RuleId } from "../../src/diff/rules.js";
import { DEFAULT_DIFF } from "../../src/diff/settings.js";

const OBJECT = { type: "object", properties: { id: { type: "string" }, n: { type: "integer" } }, required: ["id"] };
const CLOSED = { ...OBJECT, additionalProperties: false };
const ID = "https://t.test/c.schema.json";

/** [rule the case is for, base schema, head schema, every rule the change must produce]. */
const SCHEMA_CASES: [string, unknown, unknown, RuleId[]][] = [
  ["required-added", OBJECT, { ...OBJECT, required: ["id", "n"] }, ["required-added"]],
  ["required-removed", OBJECT, { ...OBJECT, required: [] }, ["required-removed"]],
  ["type-narrowed", { type: ["string", "null"] }, { type: "string" }, ["type-narrowed"]],
  ["type-narrowed: number to integer", { type: "number" }, { type: "integer" }, ["type-narrowed"]],
  [
    "type-narrowed and type-widened: a type swapped",
    { type: "string" },
    { type: "number" },
    ["type-narrowed", "type-widened"],
  ],
  ["null-allowed", { type: "string" }, { type: ["string", "null"] }, ["null-allowed"]],
  ["type-widened: integer to number", { type: "integer" }, { type: "number" }, ["type-widened"]],
  ["enum-value-removed", { enum: ["a", "b"] }, { enum: ["a"] }, ["enum-value-removed"]],
  ["enum-value-added: a one-value enum grows", { enum: ["a"] }, { enum: ["a", "b"] }, ["enum-value-added"]],
  ["enum-value-removed from a longer enum", { enum: ["a", "b", "c"] }, { enum: ["a", "b"] }, ["enum-value-removed"]],
  ["enum-value-added", { enum: ["a", "b"] }, { enum: ["a", "b", "c"] }, ["enum-value-added"]],
  ["enum-added", { type: "string" }, { type: "string", enum: ["a", "b"] }, ["enum-added"]],
  ["enum-removed", { type: "string", enum: ["a", "b"] }, { type: "string" }, ["enum-removed"]],
  ["a const added is an enum of one", { type: "string" }, { type: "string", const: "a" }, ["enum-added"]],
  [
    "a const changed: the old value refused, the new one never seen",
    { const: 1 },
    { const: 2 },
    ["enum-value-removed", "enum-value-added"],
  ],
  ["a const removed", { const: 1 }, { type: "integer" }, ["enum-removed", "type-narrowed"]],
  ["additional-properties-closed", OBJECT, CLOSED, ["additional-properties-closed"]],
  ["additional-properties-opened", CLOSED, OBJECT, ["additional-properties-opened"]],
  [
    "additionalProperties given a schema",
    OBJECT,
    { ...OBJECT, additionalProperties: { type: "string" } },
    ["type-narrowed"],
  ],
  [
    "unevaluated-properties-closed",
    OBJECT,
    { ...OBJECT, unevaluatedProperties: false },
    ["unevaluated-properties-closed"],
  ],
  [
    "unevaluated-properties-opened",
    { ...OBJECT, unevaluatedProperties: false },
    OBJECT,
    ["unevaluated-properties-opened"],
  ],
  [
    "items-closed",
    { type: "array", prefixItems: [{ type: "string" }] },
    { type: "array", prefixItems: [{ type: "string" }], items: false },
    ["items-closed"],
  ],
  [
    "items-opened",
    { type: "array", prefixItems: [{ type: "string" }], items: false },
    { type: "array", prefixItems: [{ type: "string" }] },
    ["items-opened"],
  ],
  ["schema-closed", { properties: { a: { type: "string" } } }, { properties: { a: false } }, ["schema-closed"]],
  ["schema-opened", { properties: { a: false } }, { properties: { a: { type: "string" } } }, ["schema-opened"]],
  [
    "property-removed-closed",
    CLOSED,
    { ...CLOSED, properties: { id: { type: "string" } } },
    ["property-removed-closed"],
  ],
  ["property-removed-open", OBJECT, { ...OBJECT, properties: { id: { type: "string" } } }, ["property-removed-open"]],
  [
    "property-added-closed",
    CLOSED,
    { ...CLOSED, properties: { ...CLOSED.properties, note: { type: "string" } } },
    ["property-added-closed"],
  ],
  [
    "property-forbidden",
    OBJECT,
    { ...OBJECT, properties: { ...OBJECT.properties, legacy: false } },
    ["property-forbidden"],
  ],
  [
    "bound-tightened: maxLength lowered",
    { type: "string", maxLength: 100 },
    { type: "string", maxLength: 50 },
    ["bound-tightened"],
  ],
  ["bound-tightened: minimum added", { type: "integer" }, { type: "integer", minimum: 0 }, ["bound-tightened"]],
  [
    "bound-tightened: minItems raised",
    { type: "array", minItems: 0 },
    { type: "array", minItems: 1 },
    ["bound-tightened"],
  ],
  [
    "bound-loosened: maxLength raised",
    { type: "string", maxLength: 50 },
    { type: "string", maxLength: 100 },
    ["bound-loosened"],
  ],
  ["bound-loosened: maximum removed", { type: "integer", maximum: 9 }, { type: "integer" }, ["bound-loosened"]],
  [
    "multiple-of-tightened",
    { type: "number", multipleOf: 2 },
    { type: "number", multipleOf: 4 },
    ["multiple-of-tightened"],
  ],
  [
    "multiple-of-loosened",
    { type: "number", multipleOf: 4 },
    { type: "number", multipleOf: 2 },
    ["multiple-of-loosened"],
  ],
  [
    "multiple-of-loosened, in floating point",
    { type: "number", multipleOf: 0.3 },
    { type: "number", multipleOf: 0.1 },
    ["multiple-of-loosened"],
  ],
  [
    "multiple-of-changed",
    { type: "number", multipleOf: 2 },
    { type: "number", multipleOf: 3 },
    ["multiple-of-changed"],
  ],
  [
    "dependent-required-added",
    { type: "object" },
    { type: "object", dependentRequired: { card: ["cvc"] } },
    ["dependent-required-added"],
  ],
  [
    "dependent-required-removed (draft-07 dependencies)",
    { type: "object", dependencies: { card: ["cvc"] } },
    { type: "object" },
    ["dependent-required-removed"],
  ],
  ["contains added", { type: "array" }, { type: "array", contains: { type: "string" } }, ["type-narrowed"]],
  [
    "patternProperties added",
    { type: "object" },
    { type: "object", patternProperties: { "^x-": { type: "string" } } },
    ["type-narrowed"],
  ],
  [
    "a tuple grows a position",
    { type: "array", prefixItems: [{ type: "string" }] },
    { type: "array", prefixItems: [{ type: "string" }, { type: "integer" }] },
    ["type-narrowed"],
  ],
  [
    "removing a property under a typed additionalProperties narrows it",
    { type: "object", properties: { a: { type: "string" } }, additionalProperties: { type: "number" } },
    { type: "object", additionalProperties: { type: "number" } },
    ["type-narrowed", "type-widened"],
  ],
  [
    "a property added under a typed additionalProperties",
    { type: "object", additionalProperties: { type: "number" } },
    { type: "object", properties: { a: { type: "integer" } }, additionalProperties: { type: "number" } },
    ["type-narrowed"],
  ],
  [
    "a $ref keeps its target and gains a bound beside it",
    { properties: { a: { $ref: "#/$defs/s" } }, $defs: { s: { type: "string" }, t: { type: "string" } } },
    { properties: { a: { $ref: "#/$defs/t", maxLength: 3 } }, $defs: { s: { type: "string" }, t: { type: "string" } } },
    ["bound-tightened"],
  ],
  [
    "a schema moved behind a $ref with a bound beside it",
    { properties: { a: { type: "string" } }, $defs: { s: { type: "string" } } },
    { properties: { a: { $ref: "#/$defs/s", maxLength: 3 } }, $defs: { s: { type: "string" } } },
    ["bound-tightened"],
  ],
  [
    "a root $ref keeps its definitions compared",
    { $ref: "#/$defs/a", $defs: { a: { type: "string" }, b: { type: "integer" } } },
    { $ref: "#/$defs/a", $defs: { a: { type: "string" } } },
    ["definition-removed"],
  ],
  ["pattern-added", { type: "string" }, { type: "string", pattern: "^[a-z]+$" }, ["pattern-added"]],
  [
    "pattern-changed (either way, so in both categories)",
    { type: "string", pattern: "^[a-z]+$" },
    { type: "string", pattern: "^[a-z0-9]+$" },
    ["pattern-changed"],
  ],
  ["pattern-removed", { type: "string", pattern: "^[a-z]+$" }, { type: "string" }, ["pattern-removed"]],
  ["format-added", { type: "string" }, { type: "string", format: "date-time" }, ["format-added"]],
  ["format-changed", { type: "string", format: "date" }, { type: "string", format: "date-time" }, ["format-changed"]],
  ["format-removed", { type: "string", format: "date" }, { type: "string" }, ["format-removed"]],
  ["unique-items-added", { type: "array" }, { type: "array", uniqueItems: true }, ["unique-items-added"]],
  ["unique-items-removed", { type: "array", uniqueItems: true }, { type: "array" }, ["unique-items-removed"]],
  [
    "union-branch-removed",
    { anyOf: [{ type: "string" }, { type: "integer" }, { type: "null" }] },
    { anyOf: [{ type: "string" }, { type: "integer" }] },
    ["union-branch-removed"],
  ],
  [
    "union-branch-added",
    { oneOf: [{ type: "string" }, { type: "integer" }] },
    { oneOf: [{ type: "string" }, { type: "integer" }, { type: "null" }] },
    ["union-branch-added"],
  ],
  [
    "constraint-added",
    { allOf: [{ required: ["id"] }] },
    { allOf: [{ required: ["id"] }, { required: ["n"] }] },
    ["constraint-added"],
  ],
  [
    "constraint-removed",
    { allOf: [{ required: ["id"] }, { required: ["n"] }] },
    { allOf: [{ required: ["id"] }] },
    ["constraint-removed"],
  ],
  [
    "constraint-added: a not",
    { type: "object" },
    { type: "object", not: { required: ["a", "b"] } },
    ["constraint-added"],
  ],
  [
    "constraint-added and -removed: an if changed",
    { if: { required: ["a"] }, then: { required: ["b"] } },
    { if: { required: ["c"] }, then: { required: ["b"] } },
    ["constraint-added", "constraint-removed"],
  ],
  [
    "required-added inside then",
    { if: { required: ["a"] }, then: { required: ["b"] } },
    { if: { required: ["a"] }, then: { required: ["b", "c"] } },
    ["required-added"],
  ],
  [
    "definition-removed",
    { $defs: { a: { type: "string" }, b: { type: "integer" } } },
    { $defs: { a: { type: "string" } } },
    ["definition-removed"],
  ],
  [
    "definition-added",
    { $defs: { a: { type: "string" } } },
    { $defs: { a: { type: "string" }, b: { type: "integer" } } },
    ["definition-added"],
  ],
  [
    "reference-unresolved",
    { properties: { a: { $ref: "#/$defs/a" } }, $defs: { a: { type: "string" } } },
    { properties: { a: { $ref: "https://elsewhere.test/a.json" } }, $defs: { a: { type: "string" } } },
    ["reference-unresolved"],
  ],
  [
    "optional-property-added",
    OBJECT,
    { ...OBJECT, properties: { ...OBJECT.properties, note: { type: "string" } } },
    ["optional-property-added"],
  ],
  [
    "property-deprecated",
    OBJECT,
    { ...OBJECT, properties: { ...OBJECT.properties, n: { type: "integer", deprecated: true } } },
    ["property-deprecated"],
  ],
  [
    "deprecated-property-removed",
    { ...OBJECT, properties: { ...OBJECT.properties, n: { type: "integer", deprecated: true } } },
    { ...OBJECT, properties: { id: { type: "string" } } },
    ["deprecated-property-removed"],
  ],
  [
    "description-changed",
    { type: "string", description: "A name." },
    { type: "string", description: "The name." },
    ["description-changed"],
  ],
  ["default-changed", { type: "integer", default: 1 }, { type: "integer", default: 2 }, ["default-changed"]],
  // Pairs that look breaking and are not, or are less than they look.
  [
    "a widened maxLength is only an output widening",
    { type: "string", maxLength: 10 },
    { type: "string", maxLength: 20 },
    ["bound-loosened"],
  ],
  [
    "a renamed definition, its references following, changes nothing",
    { properties: { a: { $ref: "#/$defs/old" } }, $defs: { old: { type: "string" } } },
    { properties: { a: { $ref: "#/$defs/new" } }, $defs: { new: { type: "string" } } },
    ["definition-removed", "definition-added"],
  ],
  [
    "a definition inlined at its reference changes nothing there",
    { properties: { a: { $ref: "#/$defs/s" } }, $defs: { s: { type: "string", maxLength: 5 } } },
    { properties: { a: { type: "string", maxLength: 5 } }, $defs: { s: { type: "string", maxLength: 5 } } },
    [],
  ],
  [
    "not-required rewritten as a false property changes nothing",
    { if: { properties: { k: { const: 1 } } }, then: { required: ["p"] }, else: { not: { required: ["p"] } } },
    { if: { properties: { k: { const: 1 } } }, then: { required: ["p"] }, else: { properties: { p: false } } },
    [],
  ],
  ["a one-value enum written as const changes nothing", { enum: ["x"] }, { const: "x" }, []],
  [
    "reordered anyOf branches change nothing",
    { anyOf: [{ type: "string" }, { type: "integer" }] },
    { anyOf: [{ type: "integer" }, { type: "string" }] },
    [],
  ],
  // Property names every object inherits are properties like any other (parsed from JSON, as a bundle is).
  [
    "a property named toString removed",
    JSON.parse('{"type":"object","properties":{"toString":{"type":"string"}}}'),
    { type: "object", properties: {} },
    ["property-removed-open"],
  ],
  [
    "a property named constructor added",
    { type: "object", properties: {} },
    JSON.parse('{"type":"object","properties":{"constructor":{"type":"string"}}}'),
    ["optional-property-added"],
  ],
  [
    "a property named __proto__ narrowed",
    JSON.parse('{"type":"object","properties":{"__proto__":{"type":["string","null"]}}}'),
    JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}'),
    ["type-narrowed"],
  ],
  [
    "reordered properties and keywords change nothing",
    { type: "object", properties: { a: { type: "string" }, b: { type: "integer" } } },
    { properties: { b: { type: "integer" }, a: { type: "string" } }, type: "object" },
    [],
  ],
];

/**
 * [the rule each row nearly triggers, what the row shows, base schema, head schema, every rule the
 * change must produce (never the first)]: changes that look like the rule's and are not, so each
 * rule file is seen both to fire (SCHEMA_CASES) and to hold back.
 */
const NEAR_MISSES: [RuleId, string, unknown, unknown, RuleId[]][] = [
  [
    "schema-closed",
    "a property closed by `not: {}` is a constraint added, not a `false` schema",
    { properties: { a: { type: "string" } } },
    { properties: { a: { type: "string", not: {} } } },
    ["constraint-added"],
  ],
  [
    "schema-opened",
    "a `false` property removed from a closed object stays refused",
    { properties: { a: false }, additionalProperties: false },
    { additionalProperties: false },
    [],
  ],
  [
    "reference-unresolved",
    "an unresolvable $ref that did not change",
    { properties: { a: { $ref: "https://elsewhere.test/a.json" } } },
    { properties: { a: { $ref: "https://elsewhere.test/a.json" } } },
    [],
  ],
  [
    "description-changed",
    "annotations with their keys reordered",
    { title: "A", description: "B" },
    { description: "B", title: "A" },
    [],
  ],
  [
    "default-changed",
    "a default object with its keys reordered",
    { default: { a: 1, b: 2 } },
    { default: { b: 2, a: 1 } },
    [],
  ],
  ["property-deprecated", "`deprecated: false` added", { type: "string" }, { type: "string", deprecated: false }, []],
  ["type-narrowed", "integer dropped where number stays", { type: ["integer", "number"] }, { type: "number" }, []],
  [
    "null-allowed",
    "a type list reordered, null in both",
    { type: ["string", "null"] },
    { type: ["null", "string"] },
    [],
  ],
  ["type-widened", "only null added", { type: "integer" }, { type: ["integer", "null"] }, ["null-allowed"]],
  ["enum-value-removed", "enum values reordered", { enum: ["a", "b"] }, { enum: ["b", "a"] }, []],
  ["enum-value-added", "an enum value repeated", { enum: ["a"] }, { enum: ["a", "a"] }, []],
  [
    "enum-added",
    "an enum narrowed is a value removed, not an enum added",
    { enum: ["x", "y"] },
    { enum: ["x"] },
    ["enum-value-removed"],
  ],
  ["enum-removed", "an enum narrowed to a const", { enum: ["a", "b"] }, { const: "a" }, ["enum-value-removed"]],
  [
    "pattern-added",
    "a key of patternProperties is no pattern on the value",
    { type: "object" },
    { type: "object", patternProperties: { "^a": {} } },
    [],
  ],
  [
    "pattern-removed",
    "a pattern kept while the description changes",
    { type: "string", pattern: "^a" },
    { type: "string", pattern: "^a", description: "x" },
    ["description-changed"],
  ],
  [
    "pattern-changed",
    "the pattern kept, the format changed",
    { type: "string", pattern: "^a", format: "date" },
    { type: "string", pattern: "^a", format: "date-time" },
    ["format-changed"],
  ],
  [
    "format-added",
    "a format in a new optional property",
    { type: "object", properties: {} },
    { type: "object", properties: { d: { type: "string", format: "date" } } },
    ["optional-property-added"],
  ],
  [
    "format-removed",
    "a format removed with the deprecated property that had it",
    { properties: { d: { format: "date", deprecated: true } } },
    { properties: {} },
    ["deprecated-property-removed"],
  ],
  [
    "format-changed",
    "the format kept, the pattern changed",
    { type: "string", format: "date", pattern: "^1" },
    { type: "string", format: "date", pattern: "^2" },
    ["pattern-changed"],
  ],
  ["unique-items-added", "`uniqueItems: false` added", { type: "array" }, { type: "array", uniqueItems: false }, []],
  [
    "unique-items-removed",
    "`uniqueItems: false` removed",
    { type: "array", uniqueItems: false },
    { type: "array" },
    [],
  ],
  [
    "bound-tightened",
    "a maximum inside a `not` is a constraint, not a bound of the value",
    { type: "integer" },
    { type: "integer", not: { maximum: 5 } },
    ["constraint-added"],
  ],
  [
    "bound-loosened",
    "a lower bound raised tightens",
    { type: "integer", minimum: 0 },
    { type: "integer", minimum: 1 },
    ["bound-tightened"],
  ],
  [
    "multiple-of-tightened",
    "4 to 6 is neither a multiple nor a divisor",
    { type: "number", multipleOf: 4 },
    { type: "number", multipleOf: 6 },
    ["multiple-of-changed"],
  ],
  [
    "multiple-of-loosened",
    "6 to 4 is neither a multiple nor a divisor",
    { type: "number", multipleOf: 6 },
    { type: "number", multipleOf: 4 },
    ["multiple-of-changed"],
  ],
  [
    "multiple-of-changed",
    "3 to 0.5 is a divisor",
    { type: "number", multipleOf: 3 },
    { type: "number", multipleOf: 0.5 },
    ["multiple-of-loosened"],
  ],
  ["required-added", "a required name repeated", OBJECT, { ...OBJECT, required: ["id", "id"] }, []],
  [
    "required-removed",
    "required names reordered",
    { ...OBJECT, required: ["id", "n"] },
    { ...OBJECT, required: ["n", "id"] },
    [],
  ],
  [
    "deprecated-property-removed",
    "a property removed that was `deprecated: false`",
    { ...OBJECT, properties: { ...OBJECT.properties, n: { type: "integer", deprecated: false } } },
    { ...OBJECT, properties: { id: { type: "string" } } },
    ["property-removed-open"],
  ],
  [
    "property-removed-closed",
    "a deprecated property removed from a closed object",
    { ...CLOSED, properties: { ...CLOSED.properties, n: { type: "integer", deprecated: true } } },
    { ...CLOSED, properties: { id: { type: "string" } } },
    ["deprecated-property-removed"],
  ],
  [
    "property-removed-open",
    "a property removed that additionalProperties governs the same way",
    { type: "object", properties: { a: { type: "number" } }, additionalProperties: { type: "number" } },
    { type: "object", additionalProperties: { type: "number" } },
    [],
  ],
  [
    "property-forbidden",
    "a `false` property added to a closed object, which refused it already",
    CLOSED,
    { ...CLOSED, properties: { ...CLOSED.properties, legacy: false } },
    [],
  ],
  [
    "property-added-closed",
    "a property added that additionalProperties allowed as it is",
    { type: "object", additionalProperties: { type: "string" } },
    { type: "object", properties: { a: { type: "string" } }, additionalProperties: { type: "string" } },
    [],
  ],
  [
    "optional-property-added",
    "a property added and required",
    OBJECT,
    { ...OBJECT, properties: { ...OBJECT.properties, note: { type: "string" } }, required: ["id", "note"] },
    ["required-added"],
  ],
  [
    "additional-properties-closed",
    "additionalProperties given the empty schema",
    OBJECT,
    { ...OBJECT, additionalProperties: {} },
    [],
  ],
  [
    "additional-properties-opened",
    "`additionalProperties: true` where nothing was closed",
    OBJECT,
    { ...OBJECT, additionalProperties: true },
    [],
  ],
  [
    "unevaluated-properties-closed",
    "`unevaluatedItems: false` closes items, not properties",
    { type: "array" },
    { type: "array", unevaluatedItems: false },
    ["items-closed"],
  ],
  [
    "unevaluated-properties-opened",
    "unevaluatedProperties still false when additionalProperties opens",
    { ...CLOSED, unevaluatedProperties: false },
    { ...OBJECT, unevaluatedProperties: false },
    ["additional-properties-opened"],
  ],
  [
    "items-closed",
    "items given a schema",
    { type: "array" },
    { type: "array", items: { type: "string" } },
    ["type-narrowed"],
  ],
  [
    "items-opened",
    "a position added to a closed tuple opens that position, not the items after it",
    { type: "array", prefixItems: [{ type: "string" }], items: false },
    { type: "array", prefixItems: [{ type: "string" }, { type: "integer" }], items: false },
    ["schema-opened"],
  ],
  [
    "union-branch-removed",
    "an anyOf branch changed in place",
    { anyOf: [{ type: "string" }, { type: "integer" }] },
    { anyOf: [{ type: "string" }, { type: "number" }] },
    ["type-widened"],
  ],
  [
    "union-branch-added",
    "oneOf branches reordered",
    { oneOf: [{ type: "string" }, { type: "integer" }] },
    { oneOf: [{ type: "integer" }, { type: "string" }] },
    [],
  ],
  [
    "constraint-added",
    "an allOf branch changed in place",
    { allOf: [{ required: ["id"] }] },
    { allOf: [{ required: ["id", "n"] }] },
    ["required-added"],
  ],
  [
    "constraint-removed",
    "a `not: {required: [a]}` rewritten as a `false` property",
    { type: "object", not: { required: ["a"] } },
    { type: "object", properties: { a: false } },
    [],
  ],
  [
    "dependent-required-added",
    "dependentRequired rewritten as draft-07 dependencies",
    { type: "object", dependentRequired: { card: ["cvc"] } },
    { type: "object", dependencies: { card: ["cvc"] } },
    [],
  ],
  [
    "dependent-required-removed",
    "the schema form of dependencies removed is compared as a schema",
    { type: "object", dependencies: { a: { required: ["c"] } } },
    { type: "object" },
    ["required-removed"],
  ],
  [
    "definition-removed",
    "a definition nested in a property removed: not exported",
    { properties: { a: { $defs: { x: { type: "string" } } } } },
    { properties: { a: {} } },
    [],
  ],
  [
    "definition-added",
    "a definition nested in a property added: not exported",
    { properties: { a: {} } },
    { properties: { a: { $defs: { x: { type: "string" } } } } },
    [],
  ],
];

/** [rule, base module, head module, every rule the change must produce]. */
const TYPE_CASES: [string, Record<string, string>, Record<string, string>, RuleId[]][] = [
  [
    "type-removed",
    { "types/a.ts": "export interface A { id: string }\nexport type B = string;\n" },
    { "types/a.ts": "export interface A { id: string }\n" },
    ["type-removed"],
  ],
  [
    "type-renamed",
    { "types/a.ts": "export interface Order { id: string; qty?: number }\n" },
    { "types/a.ts": "export interface PurchaseOrder { id: string; qty?: number }\n" },
    ["type-renamed"],
  ],
  [
    "type-moved",
    { "types/a.ts": "export type Id = string;\n", "types/b.ts": "export type B = number;\n" },
    { "types/a.ts": "export type A = boolean;\n", "types/b.ts": "export type B = number;\nexport type Id = string;\n" },
    ["type-moved", "type-added"],
  ],
  [
    "field-became-required",
    { "types/a.ts": "export interface A { id?: string }\n" },
    { "types/a.ts": "export interface A { id: string }\n" },
    ["field-became-required"],
  ],
  [
    "field-removed",
    { "types/a.ts": "export type A = { id: string; note?: string };\n" },
    { "types/a.ts": "export type A = { id: string };\n" },
    ["field-removed"],
  ],
  [
    "deprecated-field-removed",
    { "types/a.ts": "export interface A {\n  id: string;\n  /** @deprecated */\n  note?: string;\n}\n" },
    { "types/a.ts": "export interface A {\n  id: string;\n}\n" },
    ["deprecated-field-removed"],
  ],
  [
    "field-type-changed",
    { "types/a.ts": "export interface A { n: number }\n" },
    { "types/a.ts": "export interface A { n: number | null }\n" },
    ["field-type-changed"],
  ],
  [
    "field-became-optional",
    { "types/a.ts": "export interface A { id: string }\n" },
    { "types/a.ts": "export interface A { id?: string }\n" },
    ["field-became-optional"],
  ],
  [
    "alias-changed",
    { "types/a.ts": "export type Id = string;\n" },
    { "types/a.ts": "export type Id = number;\n" },
    ["alias-changed"],
  ],
  [
    "type-added",
    { "types/a.ts": "export type A = string;\n" },
    { "types/a.ts": "export type A = string;\nexport type B = number;\n" },
    ["type-added"],
  ],
  [
    "a contract named index in a folder has its types compared",
    { "types/shop/index.ts": "export interface ShopIndex { id: string }\n" },
    { "types/shop/index.ts": "export interface ShopIndex { id?: string }\n" },
    ["field-became-optional"],
  ],
  [
    "comments and layout change nothing",
    { "types/a.ts": "/** One. */\nexport interface A { id: string }\n" },
    { "types/a.ts": "/**\n * Two.\n */\nexport interface A {\n  id: string;\n}\n" },
    [],
  ],
];

const modules = (files: Record<string, string>) =>
  new Map(Object.entries(files).map(([file, text]) => [file, { text, contract: "c" }]));
const rulesOf = (findings: { rule: string }[]) => [...new Set(findings.map((f) => f.rule))].sort();

describe("charter diff's rules", () => {
  it.each(SCHEMA_CASES)("schema: %s", (_, base, head, expected) => {
    const findings = compareSchemas("c", { $id: ID, ...(base as object) }, { $id: ID, ...(head as object) });
    expect(rulesOf(findings)).toEqual([...expected].sort());
    for (const f of findings) expect(RULES[f.rule].categories).toContain(f.category);
  });

  it.each(NEAR_MISSES)("near miss of %s: %s", (rule, _, base, head, expected) => {
    expect(expected).not.toContain(rule);
    const findings = compareSchemas("c", { $id: ID, ...(base as object) }, { $id: ID, ...(head as object) });
    expect(rulesOf(findings)).toEqual([...expected].sort());
  });

  it.each(TYPE_CASES)("types: %s", (_, base, head, expected) => {
    expect(rulesOf(compareTypes(modules(base), modules(head)))).toEqual([...expected].sort());
  });

  it("says where a change is in both versions", () => {
    const [finding] = compareSchemas("c", { $id: ID, ...OBJECT }, { $id: ID, ...OBJECT, required: ["id", "n"] });
    expect(finding).toEqual({
      rule: "required-added",
      category: "input-narrowing",
      contract: "c",
      basePointer: "#",
      headPointer: "#",
      message: 'property "n" is now required',
      keyword: "required",
    });
    const [moved] = compareSchemas(
      "c",
      { $id: ID, properties: { a: { $ref: "#/$defs/s" } }, $defs: { s: { type: "string" } } },
      {
        $id: ID,
        properties: { a: { $ref: "#/$defs/t" } },
        $defs: { s: { type: "string" }, t: { type: "string", maxLength: 3 } },
      },
    ).filter((f) => f.rule === "bound-tightened");
    expect([moved?.basePointer, moved?.headPointer]).toEqual(["#/$defs/s", "#/$defs/t"]);
  });

  it("reports a change that can go either way in both categories", () => {
    const findings = compareSchemas(
      "c",
      { $id: ID, type: "string", pattern: "^a" },
      { $id: ID, type: "string", pattern: "^b" },
    );
    expect(findings.map((f) => f.category)).toEqual(["input-narrowing", "output-widening"]);
  });

  it("compares an embedded document only where this contract's references lead", () => {
    const other = (rootType: string) => ({
      $id: "https://t.test/b.schema.json",
      type: rootType,
      $defs: { x: { type: "string", maxLength: 9 } },
    });
    const bundle = (rootType: string, max: number) => ({
      $id: ID,
      properties: { v: { $ref: "https://t.test/b.schema.json#/$defs/x" } },
      $defs: { b: { ...other(rootType), $defs: { x: { type: "string", maxLength: max } } } },
    });
    // b's root changed, but this contract uses only b's x: nothing to report.
    expect(compareSchemas("c", bundle("object", 9), bundle("array", 9))).toEqual([]);
    // b's x changed: reported for this contract, at x in the embedded document.
    expect(compareSchemas("c", bundle("object", 9), bundle("object", 5)).map((f) => [f.rule, f.headPointer])).toEqual([
      ["bound-tightened", "#/$defs/b/$defs/x"],
    ]);
  });

  it("reads draft-04 bundles: documents named by id, definitions resolved in their own document, anchors", () => {
    const draft04 = (max: number) => ({
      $schema: "http://json-schema.org/draft-04/schema#",
      id: ID,
      properties: { a: { $ref: "https://t.test/e.json#/definitions/x" }, b: { $ref: "#tag" } },
      definitions: {
        tagged: { id: "#tag", type: "string", maxLength: max },
        e: { id: "https://t.test/e.json", definitions: { x: { type: "integer" } } },
        x: { type: "boolean" },
      },
    });
    expect(compareSchemas("c", draft04(5), draft04(5))).toEqual([]);
    expect(compareSchemas("c", draft04(5), draft04(3)).map((f) => f.rule)).toEqual(["bound-tightened"]);
  });

  it("follows a reference into a document embedded by its $id", () => {
    const uuid = (pattern: string) => ({ $id: "https://t.test/uuid.schema.json", type: "string", pattern });
    const bundle = (pattern: string) => ({
      $id: ID,
      properties: { id: { $ref: "https://t.test/uuid.schema.json" } },
      $defs: { uuid: uuid(pattern) },
    });
    const findings = compareSchemas("c", bundle("^[0-9a-f]{32}$"), bundle("^[0-9a-f]{8}-"));
    expect(findings.map((f) => [f.rule, f.basePointer, f.category])).toEqual([
      ["pattern-changed", "#/$defs/uuid", "input-narrowing"],
      ["pattern-changed", "#/$defs/uuid", "output-widening"],
    ]);
  });

  it("knows an embedded document by its $id when the bundle moves it to another key", () => {
    const common = (max: number) => ({ $id: "https://t.test/common.schema.json", type: "string", maxLength: max });
    const properties = { b: { $ref: "https://t.test/common.schema.json" } };
    const base = { $id: ID, properties, $defs: { common: common(9) } };
    // The author now writes a definition `common`, so the bundle keeps the document under another key.
    const head = {
      $id: ID,
      properties: { ...properties, a: { $ref: "#/$defs/common" } },
      $defs: { common: { type: "integer" }, "common.embedded": common(9) },
    };
    expect(compareSchemas("c", base, { ...base, $defs: { elsewhere: common(9) } })).toEqual([]);
    expect(compareSchemas("c", base, head).map((f) => [f.rule, f.headPointer])).toEqual([
      ["optional-property-added", "#/properties/a"],
      ["definition-added", "#/$defs/common"],
    ]);
    // The way back: the author's definition is what went, not the document.
    expect(compareSchemas("c", head, base).map((f) => [f.rule, f.basePointer])).toEqual([
      ["property-removed-open", "#/properties/a"],
      ["definition-removed", "#/$defs/common"],
    ]);
    // A change inside the moved document is found where it now sits.
    const tighter = { ...head, $defs: { ...head.$defs, "common.embedded": common(5) } };
    expect(compareSchemas("c", base, tighter).map((f) => [f.rule, f.headPointer])).toEqual([
      ["bound-tightened", "#/$defs/common.embedded"],
      ["optional-property-added", "#/properties/a"],
      ["definition-added", "#/$defs/common"],
    ]);
  });

  it("covers every rule with a case", () => {
    const covered = new Set([
      ...SCHEMA_CASES.flatMap((c) => c[3]),
      ...TYPE_CASES.flatMap((c) => c[3]),
      "contract-removed",
      "contract-added",
    ]);
    expect(Object.keys(RULES).filter((rule) => !covered.has(rule))).toEqual([]);
  });

  it("exercises every registered schema rule: a row that triggers it, and a near miss that does not", () => {
    const triggered = new Set(
      [...SCHEMA_CASES, ...NEAR_MISSES.map((c) => c.slice(1))].flatMap((c) => c[3] as RuleId[]),
    );
    const nearMissed = new Set(NEAR_MISSES.map((c) => c[0]));
    const registered = SCHEMA_RULES.map((rule) => rule.id);
    expect(registered.filter((id) => !triggered.has(id))).toEqual([]);
    expect(registered.filter((id) => !nearMissed.has(id))).toEqual([]);
  });

  it("registers each schema rule once, and every rule the types and the manifest do not report", () => {
    const registered = SCHEMA_RULES.map((rule) => rule.id);
    expect(new Set(registered).size).toBe(registered.length);
    const elsewhere = ["contract-added", "contract-removed", ...TYPE_CASES.flatMap((c) => c[3])];
    expect(
      Object.keys(RULES).filter((id) => !registered.includes(id as RuleId) && !elsewhere.includes(id as RuleId)),
    ).toEqual([]);
    expect(registered.filter((id) => elsewhere.includes(id))).toEqual([]);
  });

  it("keeps one rule to a file, named by its id, and registers every one", async () => {
    const helpers = ["changes.ts", "registry.ts", "rule.ts"];
    const files = readdirSync(new URL("../../src/diff/rules/", import.meta.url)).filter(
      (file) => file.endsWith(".ts") && !helpers.includes(file),
    );
    const rules = await Promise.all(
      files.map(
        async (file) =>
          // The extension in the import's static part: vite then globs the folder instead of warning.
          (
            (await import(`../../src/diff/rules/${file.slice(0, -".ts".length)}.ts`)) as {
              rule: (typeof SCHEMA_RULES)[number];
            }
          ).rule,
      ),
    );
    expect(rules.map((rule) => `${rule.id}.ts`)).toEqual(files);
    expect(rules.filter((rule) => !SCHEMA_RULES.includes(rule))).toEqual([]);
    expect(SCHEMA_RULES.length).toBe(files.length);
  });

  it("reads a bundle's dialect as the compiler does (resolve/dialect.ts): what names a document depends on it", () => {
    // A reference into a document named by `id`, replaced by the schema it led to.
    const document = { e: { id: "https://t.test/e.json", type: "string" } };
    const findings = (schema: string) =>
      compareSchemas(
        "c",
        { $schema: schema, id: ID, properties: { a: { $ref: "https://t.test/e.json" } }, definitions: document },
        { $schema: schema, id: ID, properties: { a: { type: "string" } }, definitions: document },
      ).map((f) => f.rule);
    // draft-04, however its URI is written: `id` names the document, the reference leads to it, and nothing changed.
    for (const schema of [
      "http://json-schema.org/draft-04/schema#",
      "https://json-schema.org/draft-04/schema",
      "http://json-schema.org/draft-04/schema",
    ])
      expect(findings(schema)).toEqual([]);
    // Later dialects, and a `$schema` the compiler does not know (read as its default, 2020-12): `id` names nothing.
    for (const schema of ["http://json-schema.org/draft-07/schema#", "https://example.test/my-draft-04-extension"])
      expect(findings(schema)).toEqual(["reference-unresolved", "reference-unresolved"]);
  });

  it("lists the same rules the config's diff.ignore accepts", () => {
    const config = parse(readFileSync(new URL("../../schema-src/charter/config.yaml", import.meta.url), "utf8")) as {
      $defs: { diffIgnore: { properties: { rule: { enum: string[] } } } };
    };
    expect([...config.$defs.diffIgnore.properties.rule.enum].sort()).toEqual(Object.keys(RULES).sort());
  });
});

describe("charter diff's verdicts", () => {
  const tree = (
    schemas: Record<string, unknown>,
    version?: string,
    contractVersions: Record<string, string> = {},
  ): ContractTree => {
    const files = new Map<string, string>();
    const contracts = Object.entries(schemas).map(([name, schema]) => {
      files.set(`schemas/${name}.schema.json`, JSON.stringify(schema));
      return {
        name,
        $id: `https://t.test/${name}`,
        dialect: "2020-12",
        source: `${name}.yaml`,
        artifacts: { schema: `schemas/${name}.schema.json` },
        digest: `sha256:${JSON.stringify(schema).length}${JSON.stringify(schema)}`,
        embeds: [],
        ...(contractVersions[name] ? { version: contractVersions[name] } : {}),
      };
    });
    return {
      manifest: {
        manifestVersion: 1,
        baseUri: "https://t.test/",
        sourceRoot: "../src",
        ...(version ? { version } : {}),
        contracts,
      },
      files,
    };
  };
  const narrower = { ...OBJECT, required: ["id", "n"] };

  it("fails on what breaks the contract's direction, and only that", () => {
    const both = diffTrees(tree({ a: OBJECT }), tree({ a: narrower }), DEFAULT_DIFF);
    expect([both.ok, both.findings.map((f) => f.verdict)]).toEqual([false, ["breaking"]]);
    const output = diffTrees(tree({ a: OBJECT }), tree({ a: narrower }), {
      ...DEFAULT_DIFF,
      contracts: new Map([["a", "output"]]),
    });
    expect([output.ok, output.findings.map((f) => f.verdict)]).toEqual([true, ["compatible"]]);
    const folder = diffTrees(tree({ "x/a": OBJECT }), tree({ "x/a": narrower }), {
      ...DEFAULT_DIFF,
      direction: "input",
      contracts: new Map([["x/", "output"]]),
    });
    expect(folder.ok).toBe(true);
  });

  it("lets an ignore with its reason pass the finding it names, and no other", () => {
    const ignore = [{ rule: "required-added" as const, contract: "a", reason: "n was always sent" }];
    const report = diffTrees(tree({ a: OBJECT, b: OBJECT }), tree({ a: narrower, b: narrower }), {
      ...DEFAULT_DIFF,
      ignore,
    });
    expect(report.findings.map((f) => [f.contract, f.verdict, f.reason])).toEqual([
      ["a", "ignored", "n was always sent"],
      ["b", "breaking", undefined],
    ]);
    expect(
      diffTrees(tree({ a: OBJECT }), tree({ a: narrower }), {
        ...DEFAULT_DIFF,
        ignore: [{ ...ignore[0]!, pointer: "#/properties/n" }],
      }).ok,
    ).toBe(false);
    expect(
      diffTrees(tree({ a: OBJECT }), tree({ a: narrower }), {
        ...DEFAULT_DIFF,
        ignore: [{ ...ignore[0]!, pointer: "#" }],
      }).ok,
    ).toBe(true);
  });

  it("allows a breaking change with a major bump, or a minor one below 1.0.0 (the caret rule), and names both versions otherwise", () => {
    const verdict = (was: string, is: string) => {
      const report = diffTrees(tree({ a: OBJECT }, was), tree({ a: narrower }, is), DEFAULT_DIFF);
      return [report.ok, report.versions[0]?.verdict, report.findings[0]?.verdict];
    };
    expect(verdict("1.4.2", "2.0.0")).toEqual([true, "bumped", "allowed-by-version"]);
    expect(verdict("1.4.2", "1.5.0")).toEqual([false, "missing-bump", "breaking"]);
    expect(verdict("0.3.1", "0.4.0")).toEqual([true, "bumped", "allowed-by-version"]);
    expect(verdict("0.3.1", "0.3.2")).toEqual([false, "missing-bump", "breaking"]);
    expect(verdict("2.0.0", "1.9.0")).toEqual([false, "went-backwards", "breaking"]);
    expect(verdict("0.0.3", "0.0.4")).toEqual([true, "bumped", "allowed-by-version"]);
    // A removed contract answers to the set's version.
    const removed = diffTrees(tree({ a: OBJECT, b: OBJECT }, "1.0.0"), tree({ b: OBJECT }, "2.0.0"), DEFAULT_DIFF);
    expect([removed.ok, removed.findings.map((f) => [f.rule, f.verdict])]).toEqual([
      true,
      [["contract-removed", "allowed-by-version"]],
    ]);
    // A contract's own version wins over the set's.
    const own = diffTrees(
      tree({ a: OBJECT }, "1.0.0", { a: "3.1.0" }),
      tree({ a: narrower }, "1.0.0", { a: "4.0.0" }),
      DEFAULT_DIFF,
    );
    expect([own.ok, own.versions]).toEqual([
      true,
      [{ contract: "a", base: "3.1.0", head: "4.0.0", verdict: "bumped" }],
    ]);
    // A compatible change needs no bump.
    expect(
      diffTrees(tree({ a: OBJECT }, "1.0.0"), tree({ a: { ...OBJECT, description: "x" } }, "1.0.0"), DEFAULT_DIFF).ok,
    ).toBe(true);
  });

  it("reports a removed and an added contract", () => {
    const report = diffTrees(tree({ a: OBJECT }), tree({ b: OBJECT }), DEFAULT_DIFF);
    expect(report.findings.map((f) => [f.rule, f.contract, f.verdict])).toEqual([
      ["contract-removed", "a", "breaking"],
      ["contract-added", "b", "compatible"],
    ]);
  });
});
