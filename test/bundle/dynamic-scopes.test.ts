import { describe, expect, it } from "vitest";
import { ajvForDialect } from "../../src/schema/ajv-for-dialect.js";
import type { JsonValue } from "../../src/core/json-value.js";
import { MAX_SCOPE_COPIES, resolveDynamicScopes } from "../../src/targets/validators/validation-form/dynamic-scopes.js";
import { validationForm } from "../../src/targets/validators/validation-form/validation-form.js";
import { compileTree } from "../helpers/compile-tree.js";

const ROOT = "https://scopes.test/root";

function resolved(schema: JsonValue) {
  const result = resolveDynamicScopes(schema, ROOT);
  if ("tooMany" in result) throw new Error(`too many scopes at ${result.tooMany}`);
  return result;
}

function judge(schema: JsonValue, dialect: "2019-09" | "2020-12" = "2020-12") {
  const ajv = ajvForDialect(dialect, { strict: false });
  return ajv.compile(schema as object);
}

/**
 * A list whose item schema each user of it chooses through the dynamic anchor
 * `item`. The users' references sit in `allOf`, as charter's bundle puts a
 * resource's lone `$ref` (ajv follows a lone `$ref` before a pointer into its resource).
 */
const lists = {
  $id: ROOT,
  type: "object",
  properties: { numbers: { $ref: "numbers" }, words: { $ref: "words" } },
  $defs: {
    list: {
      $id: "list",
      type: "array",
      items: { $dynamicRef: "#item" },
      $defs: { anything: { $dynamicAnchor: "item" } },
    },
    numbers: { $id: "numbers", allOf: [{ $ref: "list" }], $defs: { item: { $dynamicAnchor: "item", type: "number" } } },
    words: { $id: "words", allOf: [{ $ref: "list" }], $defs: { item: { $dynamicAnchor: "item", type: "string" } } },
  },
};

describe("dynamic references resolved for the scopes evaluation gives them", () => {
  it("turns a $dynamicRef whose scope is fixed into a $ref by pointer, in place, and drops the dynamic anchors", () => {
    const schema = {
      $id: ROOT,
      type: "array",
      items: { $dynamicRef: "#items" },
      $defs: { word: { $dynamicAnchor: "items", type: "string" } },
    };
    const { schema: form, origins } = resolved(schema);
    expect(form).toEqual({
      $id: ROOT,
      type: "array",
      items: { $ref: `${ROOT}#/$defs/word` },
      $defs: { word: { type: "string" } },
    });
    expect(origins.size).toBe(0);
    expect([judge(form)(["a"]), judge(form)([1])]).toEqual([true, false]);
    // The input is left as it was: the published bundle keeps the author's keywords.
    expect(schema.items).toEqual({ $dynamicRef: "#items" });
  });

  it("copies a subschema for each further scope that binds its anchors differently, and says what each copy stands for", () => {
    const { schema: form, origins } = resolved(lists);
    const defs = (form as { $defs: Record<string, { items?: unknown }> }).$defs;
    // The first scope to reach `list` (through numbers) reads it in place; words gets a copy.
    expect(defs["list"]!.items).toEqual({ $ref: "https://scopes.test/numbers#/$defs/item" });
    expect(defs["charter-scope-1"]).toEqual({
      type: "array",
      items: { $ref: "https://scopes.test/words#/$defs/item" },
    });
    expect([...origins]).toEqual([["/$defs/charter-scope-1", "/$defs/list"]]);
    const validate = judge(form);
    expect([
      validate({ numbers: [1, 2], words: ["a"] }),
      validate({ numbers: ["a"] }),
      validate({ words: [1] }),
    ]).toEqual([true, false, false]);
  });

  it("is deterministic, and names copies with keys the author's definitions leave free", () => {
    const taken = { ...lists, $defs: { ...lists.$defs, "charter-scope-1": { const: "mine" } } };
    const first = resolved(taken);
    expect(JSON.stringify(resolved(structuredClone(taken)).schema)).toBe(JSON.stringify(first.schema));
    const defs = (first.schema as { $defs: Record<string, unknown> }).$defs;
    expect(defs["charter-scope-1"]).toEqual({ const: "mine" });
    expect(defs["charter-scope-1_"]).toMatchObject({ type: "array" });
  });

  it("resolves $recursiveRef (2019-09) to the outermost resource with $recursiveAnchor: true", () => {
    const schema = {
      $id: ROOT,
      $recursiveAnchor: true,
      $ref: "tree",
      unevaluatedProperties: false,
      properties: { label: { type: "string" } },
      $defs: {
        tree: {
          $id: "tree",
          $recursiveAnchor: true,
          type: "object",
          properties: { children: { type: "array", items: { $recursiveRef: "#" } } },
        },
      },
    };
    const { schema: form } = resolved(schema);
    const validate = judge(form, "2019-09");
    expect(validate({ label: "a", children: [{ label: "b", children: [] }] })).toBe(true);
    // Children are read as the root (closed), not as the open tree.
    expect(validate({ label: "a", children: [{ colour: "red" }] })).toBe(false);
  });

  it("refuses, rather than guesses, when a contract needs more copies than the bound", () => {
    const users = Object.fromEntries(
      Array.from({ length: MAX_SCOPE_COPIES + 2 }, (_, i) => [
        `of${i}`,
        { $id: `of${i}`, $ref: "list", $defs: { item: { $dynamicAnchor: "item", const: i } } },
      ]),
    );
    const schema = {
      $id: ROOT,
      anyOf: Object.keys(users).map((key) => ({ $ref: key })),
      $defs: { list: lists.$defs.list, ...users },
    };
    expect(resolveDynamicScopes(schema, ROOT)).toEqual({ tooMany: "/$defs/list" });
  });

  it("leaves a bundle without dynamic keywords or unevaluated* to ajv as it is", () => {
    expect(
      validationForm(
        { $id: ROOT, type: "object", properties: { a: { $ref: "#/$defs/a" } }, $defs: { a: { type: "string" } } },
        ROOT,
        "2020-12",
      ),
    ).toEqual({});
    expect(validationForm({ $id: ROOT, items: { $recursiveRef: "#" } }, ROOT, "draft-07")).toEqual({});
  });
});

describe("CH405", () => {
  it("is placed at the subschema that would need the copy past the bound", async () => {
    const users = Array.from(
      { length: MAX_SCOPE_COPIES + 2 },
      (_, i) =>
        `  of${i}: { $id: of${i}.json, $ref: list.json, $defs: { item: { $dynamicAnchor: item, const: ${i} } } }`,
    );
    const text = [
      "anyOf:",
      ...users.map((_, i) => `  - $ref: of${i}.json`),
      "$defs:",
      "  list:",
      "    $id: list.json",
      "    type: array",
      '    items: { $dynamicRef: "#item" }',
      "    $defs: { anything: { $dynamicAnchor: item } }",
      ...users,
    ].join("\n");
    const tree = await compileTree({ "src/lists.yaml": text });
    const found = tree.diagnostics.filter((d) => d.code === "CH405");
    expect(found.map((d) => [d.file?.split("/").pop(), d.line, d.column, d.severity])).toEqual([
      ["lists.yaml", MAX_SCOPE_COPIES + 6, 5, "error"],
    ]);
    expect(tree.files.has("validators/lists.js")).toBe(false);
  });
});
