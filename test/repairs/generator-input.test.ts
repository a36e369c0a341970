import path from "node:path";
import { describe, expect, it } from "vitest";
import { compile, type CompileResult } from "../../src/pipeline/compile.js";
import { REPAIRS } from "../../src/repairs/registry.js";
import { tempTree } from "../helpers/temp-tree.js";

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";
const DRAFT_04 = "http://json-schema.org/draft-04/schema#";

interface Case {
  /** What the generator does with it unhandled. */
  gap: string;
  schema: Record<string, unknown>;
  /** Text the module holds: the type validation implies. */
  holds?: string[];
  /** Text it must not hold. */
  lacks?: string[];
  /** The repair that handles the case: without it the case fails or comes out otherwise. Absent: charter's call of the generator does. */
  repair?: string;
  /** Without the repair the generator exhausts the memory of the process: not tried. */
  fatalWithout?: true;
}

/**
 * Valid schemas (ajv compiles each) that meet every input check, normaliser throw and crash of
 * json-schema-to-typescript found so far, in the places its own traversal looks.
 */
const CASES: Record<string, Case> = {
  "deprecated-text": {
    gap: "deprecated must be a boolean",
    schema: {
      $schema: DRAFT_07,
      type: "object",
      properties: { files: { type: "array", items: { type: "string" }, deprecated: "Use include." } },
    },
    holds: ["@deprecated Use include."],
    repair: "deprecated-reason",
  },
  "deprecated-in-subschemas": {
    gap: "deprecated must be a boolean, in subschemas the generator reads no type from",
    schema: {
      $schema: DRAFT_07,
      type: "object",
      properties: {
        kind: { type: "string" },
        list: {
          type: "array",
          contains: { deprecated: "x", type: "string" },
          items: { type: "string", deprecated: "y" },
        },
      },
      if: { deprecated: "a", properties: { kind: { const: "old", deprecated: "b" } } },
      then: { deprecated: "c", required: ["replacement"] },
      propertyNames: { deprecated: "d", maxLength: 20 },
      dependencies: { kind: { deprecated: "e", required: ["list"] } },
      additionalProperties: { deprecated: "f" },
    },
    holds: ["list?: string[];", "@deprecated f"],
    repair: "deprecated-reason",
  },
  "definition-named-deprecated": {
    gap: "deprecated must be a boolean (SchemaStore web-types: the generator takes the definitions map for a schema)",
    schema: {
      $schema: DRAFT_07,
      type: "object",
      properties: { deprecated: { $ref: "#/definitions/deprecated" }, required: { $ref: "#/definitions/required" } },
      definitions: { deprecated: { type: ["boolean", "string"] }, required: { type: "boolean" } },
    },
    holds: ["deprecated?: Deprecated;", "required?: Required;"],
    repair: "generator-input-checks",
  },
  "definition-named-anyof": {
    gap: "arr.forEach is not a function",
    schema: {
      type: "object",
      properties: { a: { $ref: "#/$defs/anyOf" } },
      $defs: { anyOf: { type: "string" }, oneOf: { type: "integer" } },
    },
    holds: ["export type AnyOf = string;", "a?: AnyOf;"],
    repair: "generator-input-checks",
  },
  "definitions-under-if": {
    gap: "deprecated must be a boolean (the members of `if` are taken for schemas)",
    schema: {
      type: "object",
      properties: { retired: { type: "boolean" } },
      if: { $defs: { deprecated: { const: true } }, properties: { retired: { $ref: "#/if/$defs/deprecated" } } },
      then: { required: ["replacement"] },
    },
    holds: ["retired?: boolean;"],
    repair: "generator-input-checks",
  },
  "unknown-keywords": {
    gap: "tsEnumNames.some is not a function; id and $id both; deprecated must be a boolean",
    schema: {
      type: "object",
      properties: { a: { type: "string", "x-editor": { hint: { tsEnumNames: "none", deprecated: "old" } } } },
      "x-meta": { owner: { id: "team", $id: "https://example.test/team" } },
    },
    holds: ["a?: string;"],
    repair: "generator-input-checks",
  },
  "const-that-looks-like-a-schema": {
    gap: "the literal type gains `required: []` and `additionalProperties`, `id` becomes `$id`",
    schema: {
      type: "object",
      properties: {
        shape: { const: { kind: { type: "object", id: "point", properties: { x: { type: "number" } } } } },
      },
      const: { shape: { kind: { type: "object", id: "point", properties: { x: { type: "number" } } } } },
    },
    holds: ['id: "point"'],
    lacks: ["$id", "required: []", "additionalProperties: true"],
    repair: "generator-input-checks",
  },
  "references-in-data": {
    gap: 'Missing $ref pointer "#/nowhere" (the resolver follows `$ref` members of enum and const values)',
    schema: {
      type: "object",
      properties: {
        naive: { enum: [{ $ref: "#/nowhere" }] },
        literal: { const: { $ref: "#/$defs/text" } },
        text: { $ref: "#/$defs/text" },
      },
      $defs: { text: { type: "string" } },
    },
    holds: ['naive?: { $ref: "#/nowhere" };', 'literal?: { $ref: "#/$defs/text" };', "text?: Text;"],
  },
  "item-bounds": {
    gap: "maxItems >= minItems; Invalid array length",
    schema: {
      type: "object",
      properties: {
        none: { type: "array", items: { type: "string" }, minItems: 3, maxItems: 1, "x-charter-ignore": ["CH315"] },
        negative: { type: "array", maxItems: -1 },
        text: { type: ["array", "string"], minItems: 2, maxItems: 1, "x-charter-ignore": ["CH315"] },
        anything: { minItems: 2, maxItems: 1, "x-charter-ignore": ["CH315"] },
        pair: { type: "array", items: { type: "integer" }, minItems: 1.5, maxItems: 2.5 },
        many: { type: "array", items: { type: "string" }, minItems: 2000 },
      },
    },
    holds: [
      "none?: never;",
      "negative?: never;",
      "text?: string;",
      "anything?: unknown;",
      "pair?: [number, number];",
      "@minItems 2000",
      "many?: string[];",
    ],
    repair: "generator-input-checks",
  },
  "huge-lower-bound": {
    gap: "a tuple of a billion members (memory) or Invalid array length",
    schema: { type: "array", items: { type: "string" }, minItems: 1_000_000_000 },
    holds: ["export type HugeLowerBound = string[];"],
    repair: "generator-input-checks",
    fatalWithout: true,
  },
  "definitions-beside-defs": {
    gap: "Schema must define either definitions or $defs, not both",
    schema: {
      type: "object",
      properties: { inner: { $ref: "#/$defs/inner" } },
      $defs: {
        inner: {
          "x-charter-ignore": ["CH313"],
          type: "object",
          properties: { a: { $ref: "#/$defs/inner/definitions/a" }, b: { $ref: "#/$defs/inner/$defs/a" } },
          definitions: { a: { type: "string" } },
          $defs: { a: { type: "integer" } },
        },
      },
    },
    holds: ["a?: string;", "b?: number;"],
    repair: "generator-input-checks",
  },
  "generator-keywords": {
    gap: "tsType pasted as TypeScript; Enum members and tsEnumNames must be of the same length; `| null`; `extends` with no name",
    schema: {
      $schema: DRAFT_04,
      type: "object",
      properties: {
        version: { type: "string", tsType: "string; export const injected = 1" },
        level: { type: "string", enum: ["a", "b"], tsEnumNames: ["A"] },
        note: { type: "string", nullable: true },
        base: { $ref: "#/definitions/base" },
      },
      definitions: {
        base: {
          type: "object",
          properties: { name: { type: "string" } },
          extends: { type: "object", properties: { other: { type: "string" } } },
        },
      },
    },
    holds: ["version?: string;", 'level?: "a" | "b";', "note?: string;", "export interface Base {"],
    lacks: ["injected", "null", "extends"],
    repair: "generator-keywords",
  },
  "always-true-union": {
    gap: "a union with a member that accepts anything is not declared (CH606)",
    schema: { anyOf: [true, { type: "string" }] },
    holds: ["export type AlwaysTrueUnion = unknown;"],
    repair: "unknown-composites",
  },
  "always-true-intersection": {
    gap: "an intersection of members that accept anything is not declared (CH606)",
    schema: { allOf: [true, true], $defs: { one: { oneOf: [true, true, false] } } },
    holds: ["export type AlwaysTrueIntersection = unknown;", "export type One = unknown;"],
    repair: "unknown-composites",
  },
  "own-property-named-hasownproperty": {
    gap: "schema.hasOwnProperty is not a function",
    schema: {
      type: "object",
      required: ["hasOwnProperty"],
      properties: {
        hasOwnProperty: { type: "string" },
        flags: { enum: [{ hasOwnProperty: true }] },
        kind: { $ref: "#/$defs/hasOwnProperty" },
      },
      $defs: { hasOwnProperty: { type: "integer" } },
    },
    holds: [
      "hasOwnProperty: string;",
      "flags?: { hasOwnProperty: true };",
      "kind?: HasOwnProperty;",
      "export type HasOwnProperty = number;",
    ],
  },
  "property-named-nullable": {
    gap: "the other properties move into an `anyOf` property",
    schema: { type: "object", properties: { nullable: true, name: { type: "string" } } },
    holds: ["nullable?: unknown;", "name?: string;"],
    lacks: ["anyOf"],
    repair: "keyword-named-properties",
  },
};

async function compileCases(cases: [string, Case][], repairs = REPAIRS, typeCheck = true): Promise<CompileResult> {
  const files = Object.fromEntries(cases.map(([name, c]) => [`src/${name}.json`, JSON.stringify(c.schema, null, 2)]));
  const dir = tempTree(files);
  return compile({
    sourceDir: path.join(dir, "src"),
    outDir: path.join(dir, "out"),
    baseUri: "https://cases.test/",
    catalog: [],
    repairs,
    typeCheck,
  });
}

describe("json-schema-to-typescript's input checks and crashes on valid schemas", async () => {
  const result = await compileCases(Object.entries(CASES));

  it("cost no contract its types: every module compiles under strict flags", () => {
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    for (const name of Object.keys(CASES)) expect(result.files.has(`types/${name}.ts`), name).toBe(true);
  });

  it.each(Object.entries(CASES))("%s gets the type validation implies", (name, c) => {
    const text = result.files.get(`types/${name}.ts`)!;
    for (const expected of c.holds ?? []) expect(text, name).toContain(expected);
    for (const absent of c.lacks ?? []) expect(text, name).not.toContain(absent);
  });

  const repairs = [...new Set(Object.values(CASES).flatMap((c) => c.repair ?? []))];
  it.each(repairs)("without %s, its cases fail or come out otherwise", async (id) => {
    const cases = Object.entries(CASES).filter(([, c]) => c.repair === id && !c.fatalWithout);
    const without = await compileCases(
      cases,
      REPAIRS.filter((r) => r.id !== id),
      false,
    );
    for (const [name, c] of cases)
      expect(without.files.get(`types/${name}.ts`), `${name}: ${c.gap}`).not.toBe(result.files.get(`types/${name}.ts`));
  });
});
