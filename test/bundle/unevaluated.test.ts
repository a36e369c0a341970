import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getAtPointer, joinPointer } from "../../src/core/json-pointer.js";
import type { JsonValue } from "../../src/core/json-value.js";
import { originOf } from "../../src/targets/validators/validation-form/origins.js";
import { closeUnevaluated } from "../../src/targets/validators/validation-form/unevaluated.js";
import { schemaChildren } from "../../src/targets/validators/validation-form/unevaluated-index.js";
import type { Dialect } from "../../src/schema/dialect.js";
import { addBundle, createAjv } from "../../src/targets/validators/create-ajv.js";

const SUITE = new URL("../../../shared/corpora/json-schema-test-suite/tests/", import.meta.url);
const DRAFTS = { "draft2020-12": "2020-12", "draft2019-09": "2019-09" } as const;
type Draft = keyof typeof DRAFTS;
const FILES = ["unevaluatedItems", "unevaluatedProperties"] as const;

interface SuiteGroup {
  description: string;
  schema: JsonValue;
  tests: { description: string; data: unknown; valid: boolean }[];
}

function suiteGroups(draft: Draft, file: string): SuiteGroup[] {
  return JSON.parse(readFileSync(new URL(`${draft}/${file}.json`, SUITE), "utf8")) as SuiteGroup[];
}

type Verdict = boolean | "crashed";

/** Verdicts as charter's validators give them: ajv set up by createAjv, the schema added as a bundle (with an `$id`, as every bundle has). */
function verdicts(schema: JsonValue, dialect: Dialect, data: readonly unknown[], allErrors = false): Verdict[] {
  const bundle = structuredClone(schema) as Record<string, JsonValue>;
  bundle["$id"] ??= "https://unevaluated.test/schema";
  const ajv = createAjv(dialect, { allErrors }, { warnings: [] });
  addBundle(ajv, bundle, dialect);
  const validate = ajv.getSchema(bundle["$id"] as string)!;
  return data.map((instance) => {
    try {
      return validate(instance) as boolean;
    } catch {
      return "crashed";
    }
  });
}

function closed(schema: JsonValue, dialect: Dialect) {
  const form = structuredClone(schema);
  const origins = new Map<string, string>();
  closeUnevaluated(form, dialect, origins);
  return { form, origins };
}

/**
 * Every subschema of the form and every keyword of one, mapped back through
 * `origins`, names a place the original has: where a violation's schema path
 * can point. (Not a `$ref` keyword: validators are compiled with
 * `inlineRefs: false`, so a reference's violations carry the paths of the
 * subschema it names, never the `$ref`'s own.)
 */
function unmappedPlaces(original: JsonValue, form: JsonValue, origins: Map<string, string>): string[] {
  const unmapped: string[] = [];
  const visit = (node: JsonValue, pointer: string) => {
    const keywords =
      node !== null && typeof node === "object" && !Array.isArray(node)
        ? Object.keys(node).filter((keyword) => keyword !== "$ref")
        : [];
    for (const at of [pointer, ...keywords.map((keyword) => joinPointer(pointer, keyword))]) {
      if (getAtPointer(original, originOf(origins, at)) === undefined) unmapped.push(at);
    }
    if (keywords.length > 0)
      for (const [child, here] of schemaChildren(node as Record<string, JsonValue>, pointer)) visit(child, here);
  };
  visit(form, "");
  return unmapped;
}

/**
 * The groups plain ajv judges wrong, with plain ajv's verdicts (first error
 * and all errors alike), in the order of the group's tests.
 */
const FIXED: { draft: Draft; file: (typeof FILES)[number]; group: number; ajv: boolean[] }[] = [
  { draft: "draft2020-12", file: "unevaluatedItems", group: 8, ajv: [true, false, true] },
  { draft: "draft2020-12", file: "unevaluatedItems", group: 21, ajv: [true, false, true] },
  { draft: "draft2020-12", file: "unevaluatedItems", group: 22, ajv: [true, true] },
  { draft: "draft2020-12", file: "unevaluatedItems", group: 23, ajv: [true, true, true, true, true, true, true, true] },
  { draft: "draft2020-12", file: "unevaluatedItems", group: 24, ajv: [true, false, false, false] },
  { draft: "draft2020-12", file: "unevaluatedItems", group: 27, ajv: [false, false] },
  { draft: "draft2020-12", file: "unevaluatedProperties", group: 15, ajv: [false, false, true, true] },
  { draft: "draft2020-12", file: "unevaluatedProperties", group: 39, ajv: [false, false] },
  { draft: "draft2019-09", file: "unevaluatedItems", group: 9, ajv: [true, false, true] },
  { draft: "draft2019-09", file: "unevaluatedItems", group: 24, ajv: [false, false] },
  { draft: "draft2019-09", file: "unevaluatedProperties", group: 15, ajv: [false, false, true, true] },
  { draft: "draft2019-09", file: "unevaluatedProperties", group: 39, ajv: [false, false] },
];

/** Groups on `$dynamicRef`, which the validation form resolves before closeUnevaluated (dynamic-scopes.ts): here they only must not get worse. */
const DYNAMIC: Record<Draft, Record<string, number[]>> = {
  "draft2020-12": { unevaluatedItems: [18], unevaluatedProperties: [21] },
  "draft2019-09": { unevaluatedItems: [], unevaluatedProperties: [] },
};

describe("closeUnevaluated: the suite groups ajv judges wrong", () => {
  it.each(FIXED)("$draft $file #$group", ({ draft, file, group: index, ajv }) => {
    const dialect = DRAFTS[draft];
    const group = suiteGroups(draft, file)[index]!;
    const data = group.tests.map((test) => test.data);
    const expected = group.tests.map((test) => test.valid);
    for (const allErrors of [false, true]) expect(verdicts(group.schema, dialect, data, allErrors)).toEqual(ajv);
    const { form, origins } = closed(group.schema, dialect);
    for (const allErrors of [false, true]) expect(verdicts(form, dialect, data, allErrors)).toEqual(expected);
    expect(origins.size).toBeGreaterThan(0);
    for (const target of origins.values()) expect(getAtPointer(group.schema, target)).not.toBeUndefined();
    expect(unmappedPlaces(group.schema, form, origins)).toEqual([]);
  });
});

describe("closeUnevaluated: every other group of the two files", () => {
  const cases = (Object.keys(DRAFTS) as Draft[]).flatMap((draft) => FILES.map((file) => ({ draft, file })));
  it.each(cases)("$draft $file keeps passing", ({ draft, file }) => {
    const dialect = DRAFTS[draft];
    suiteGroups(draft, file).forEach((group, index) => {
      if (FIXED.some((f) => f.draft === draft && f.file === file && f.group === index)) return;
      const data = group.tests.map((test) => test.data);
      const expected = group.tests.map((test) => test.valid);
      const { form, origins } = closed(group.schema, dialect);
      expect(unmappedPlaces(group.schema, form, origins), `#${index} ${group.description}`).toEqual([]);
      for (const allErrors of [false, true]) {
        const after = verdicts(form, dialect, data, allErrors);
        if (!DYNAMIC[draft][file]!.includes(index)) {
          expect(after, `#${index} ${group.description}`).toEqual(expected);
        } else {
          const before = verdicts(group.schema, dialect, data, allErrors);
          before.forEach((verdict, i) => {
            if (verdict === expected[i]) expect(after[i], `#${index} ${group.tests[i]!.description}`).toBe(expected[i]);
          });
        }
      }
    });
  });
});

/** Cases beyond the suite, each with the spec's verdicts and plain ajv's (first-error mode). */
const BEYOND: {
  name: string;
  dialect: Dialect;
  schema: JsonValue;
  data: unknown[];
  valid: boolean[];
  ajv: Verdict[];
}[] = [
  {
    name: "a $ref's properties are lost when the anyOf branch after it that evaluates fails",
    dialect: "2020-12",
    schema: {
      $ref: "#/$defs/a",
      anyOf: [{ properties: { foo: true }, required: ["foo"] }, { properties: { baz: true } }],
      unevaluatedProperties: false,
      $defs: { a: { properties: { a: true } } },
    },
    data: [
      { a: 1, baz: 1 },
      { a: 1, foo: 1 },
      { a: 1, q: 1 },
    ],
    valid: [true, true, false],
    ajv: [false, true, false],
  },
  {
    name: "a failing if's annotations reach the else branch when ajv holds them in a variable",
    dialect: "2020-12",
    schema: {
      if: { anyOf: [{ properties: { q: true } }], properties: { foo: true }, required: ["zz"] },
      then: { required: ["x"] },
      else: { required: ["baz"], properties: { baz: true } },
      unevaluatedProperties: false,
    },
    data: [{ q: 1, baz: 1 }, { baz: 1 }, { zz: 1, x: 1, q: 1 }],
    valid: [false, true, false],
    ajv: [true, true, false],
  },
  {
    name: "allOf's properties are lost on the else branch when then evaluates",
    dialect: "2020-12",
    schema: {
      allOf: [{ properties: { a: true } }],
      if: { required: ["foo"] },
      then: { properties: { foo: true } },
      else: { properties: { baz: true } },
      unevaluatedProperties: false,
    },
    data: [
      { a: 1, baz: 1 },
      { a: 1, foo: 1 },
      { a: 1, foo: 1, baz: 1 },
    ],
    valid: [true, true, false],
    ajv: [false, true, false],
  },
  {
    name: "properties are lost when a dependentSchemas entry after them does not apply",
    dialect: "2020-12",
    schema: {
      properties: { a: true },
      dependentSchemas: { x: { properties: { y: true } } },
      unevaluatedProperties: false,
    },
    data: [{ a: 1 }, { a: 1, x: 1, y: 1 }, { x: 1 }],
    valid: [true, false, false],
    ajv: [false, false, false],
  },
  {
    name: "patternProperties after an anyOf whose evaluating branch failed throws",
    dialect: "2020-12",
    schema: {
      anyOf: [{ properties: { c: { const: 1 } }, required: ["c"] }, true],
      patternProperties: { "^x": true },
      unevaluatedProperties: false,
    },
    data: [{ x1: 1 }, { c: 1, x1: 1 }, { c: 2 }],
    valid: [true, true, false],
    ajv: ["crashed", true, false],
  },
  {
    name: "contains under a condition that is more than itself: which items count depends on which branches pass",
    dialect: "2020-12",
    schema: {
      anyOf: [
        { contains: { const: "a" }, minContains: 2 },
        { contains: { const: "b" }, minContains: 2 },
      ],
      unevaluatedItems: false,
    },
    data: [
      ["a", "a", "b", "b"],
      ["a", "a", "b"],
      ["a", "a"],
      ["a", "a", "c"],
    ],
    valid: [true, false, true, false],
    ajv: [false, false, false, false],
  },
  {
    name: "2019-09: contains evaluates no item for unevaluatedItems",
    dialect: "2019-09",
    schema: { contains: { const: "a" }, unevaluatedItems: false },
    data: [["a"], ["a", "b"], []],
    valid: [false, false, false],
    ajv: [true, true, false],
  },
  {
    name: "a bundle: the if/else moves within an embedded resource, referenced from the root by its $id",
    dialect: "2020-12",
    schema: {
      $id: "https://example.com/root.json",
      $ref: "https://example.com/item.json",
      $defs: {
        item: {
          $id: "https://example.com/item.json",
          if: { properties: { kind: { const: "a" } }, required: ["kind"] },
          else: { properties: { other: true } },
          unevaluatedProperties: false,
        },
      },
    },
    data: [{ kind: "a" }, { kind: "b", other: 1 }, { other: 1 }, { kind: "a", other: 1 }],
    valid: [true, false, true, false],
    ajv: [false, true, true, false],
  },
];

describe("closeUnevaluated: what ajv gets wrong beyond the suite", () => {
  it.each(BEYOND)("$name", ({ dialect, schema, data, valid, ajv }) => {
    expect(verdicts(schema, dialect, data)).toEqual(ajv);
    const { form, origins } = closed(schema, dialect);
    for (const allErrors of [false, true]) expect(verdicts(form, dialect, data, allErrors)).toEqual(valid);
    expect(unmappedPlaces(schema, form, origins)).toEqual([]);
  });
});

describe("closeUnevaluated: what it leaves and what it records", () => {
  it("leaves a schema without unevaluated* untouched, and records nothing", () => {
    for (const file of [
      "if-then-else",
      "anyOf",
      "oneOf",
      "allOf",
      "ref",
      "items",
      "prefixItems",
      "contains",
      "dependentSchemas",
      "patternProperties",
    ]) {
      for (const group of suiteGroups("draft2020-12", file)) {
        if (JSON.stringify(group.schema).includes("unevaluated")) continue;
        const { form, origins } = closed(group.schema, "2020-12");
        expect(form).toEqual(group.schema);
        expect(origins.size).toBe(0);
      }
    }
  });

  it("leaves dialects before 2019-09 alone, and a schema whose unevaluated* ajv already judges right", () => {
    const schema = { if: { properties: { a: true } }, else: { required: ["b"] }, unevaluatedProperties: false };
    expect(closed(schema, "draft-07").form).toEqual(schema);
    const plain = {
      type: "object",
      properties: { a: { type: "string" } },
      allOf: [{ prefixItems: [true] }],
      unevaluatedProperties: false,
      unevaluatedItems: false,
    };
    const { form, origins } = closed(plain, "2020-12");
    expect(form).toEqual(plain);
    expect(origins.size).toBe(0);
  });

  it("moves the if into an allOf entry that gives its annotations to then alone, and keeps then and else where they are", () => {
    const group = suiteGroups("draft2020-12", "unevaluatedProperties")[15]!;
    const original = group.schema as Record<string, JsonValue>;
    const { form, origins } = closed(original, "2020-12");
    expect(form).toEqual({
      $schema: original["$schema"],
      else: original["else"],
      unevaluatedProperties: false,
      allOf: [
        { if: { not: { not: original["if"] } }, then: { $ref: "#/allOf/0/if/not/not" }, else: { $ref: "#/else" } },
      ],
    });
    expect(originOf(origins, "/allOf/0/if/not/not/properties/foo")).toBe("/if/properties/foo");
    expect(originOf(origins, "/allOf/0/if")).toBe("/if");
    expect(originOf(origins, "/allOf/0/else")).toBe("/if");
    expect(originOf(origins, "/else/required")).toBe("/else/required");
  });

  it("spells out unevaluatedItems beside contains as an allOf entry, and leaves ajv's own check nothing to do", () => {
    const group = suiteGroups("draft2020-12", "unevaluatedItems")[21]!;
    const { form, origins } = closed(group.schema, "2020-12");
    expect(form).toMatchObject({
      prefixItems: [true],
      contains: { type: "string" },
      unevaluatedItems: false,
      items: true,
      allOf: [{ prefixItems: [true], items: { $ref: "#/contains" } }],
    });
    expect(originOf(origins, "/items")).toBe("/unevaluatedItems");
    expect(originOf(origins, "/allOf/0/items")).toBe("/unevaluatedItems");
  });

  it("moves nothing that a reference by pointer names, and then leaves that if to ajv", () => {
    const schema = {
      if: { properties: { a: { const: 1 } } },
      else: { required: ["b"] },
      unevaluatedProperties: false,
      $defs: { x: { $ref: "#/if/properties/a" } },
    };
    const { form } = closed(schema, "2020-12");
    expect((form as { if?: unknown }).if).toEqual(schema.if);
  });

  it("is deterministic, and stays linear when many unevaluatedItems read one large definition", () => {
    const branches = Array.from({ length: 400 }, (_, i) => ({
      prefixItems: Array.from({ length: 1 + (i % 3) }, () => ({ type: "number" })),
    }));
    const consumers = Object.fromEntries(
      Array.from({ length: 400 }, (_, i) => [`c${i}`, { $ref: "#/$defs/big", unevaluatedItems: false }]),
    );
    const schema = { $defs: { big: { anyOf: branches }, ...consumers }, unevaluatedItems: false, $ref: "#/$defs/big" };
    const first = closed(schema, "2020-12");
    // Each spelled-out check costs about what the walk behind it read, and the walks share one budget
    // proportional to the schema: past it, the rest are left to ajv.
    expect(JSON.stringify(first.form).length).toBeLessThan(40 * JSON.stringify(schema).length);
    expect(first.origins.size).toBeLessThan(40 * 1200);
    expect(closed(schema, "2020-12")).toEqual(first);
    expect(verdicts(first.form, "2020-12", [[1, 2, 3], [1, 2, 3, 4], ["a"]])).toEqual([true, false, false]);
  });
});
