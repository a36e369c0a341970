import { createHash } from "node:crypto";
import path from "node:path";
import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import canonicalize from "canonicalize";
import { describe, expect, it } from "vitest";
import { DEFAULT_VALIDATION } from "../../src/settings/validation.js";
import { BASE, compileTree } from "../helpers/compile-tree.js";

/** Compiles a bundle alone, as a consumer would: if anything were left unbundled, ajv could not resolve it. */
function validatorFor(schema: Record<string, unknown>) {
  const ajv = String(schema["$schema"]).includes("2020-12")
    ? new Ajv2020({ strict: false })
    : new Ajv({ strict: false });
  return ajv.compile(schema);
}

describe("bundling", () => {
  it("embeds a document referenced by relative path and rewrites the reference to its canonical $id", async () => {
    const tree = await compileTree({
      "src/agent/envelope.yaml": `
type: object
required: [id]
properties:
  id: { $ref: "../common/ids.yaml#/$defs/uuidv7" }
`,
      "src/common/ids.yaml": `
$defs:
  uuidv7: { type: string, pattern: "^[0-9a-f]{8}-[0-9a-f]{4}-7" }
`,
    });
    expect(tree.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const schema = tree.schema("agent/envelope");
    expect(schema["$id"]).toBe(`${BASE}agent/envelope.schema.json`);
    expect(schema["properties"]).toEqual({ id: { $ref: `${BASE}common/ids.schema.json#/$defs/uuidv7` } });
    expect((schema["$defs"] as Record<string, { $id: string }>)["common/ids"]!.$id).toBe(
      `${BASE}common/ids.schema.json`,
    );
    const validate = validatorFor(schema);
    expect(validate({ id: "0190a2b4-1234-7abc-8def-0123456789ab" })).toBe(true);
    expect(validate({ id: "0190a2b4-1234-4abc-8def-0123456789ab" })).toBe(false);
    expect(validate({})).toBe(false);
  });

  it("resolves a reference by the $id another source declares", async () => {
    const tree = await compileTree({
      "src/a.yaml": `properties: { n: { $ref: "https://example.test/shared/number.json" } }`,
      "src/lib/number.json": `{"$id": "https://example.test/shared/number.json", "type": "number", "minimum": 0}`,
    });
    expect(tree.diagnostics).toEqual([]);
    const schema = tree.schema("a");
    expect(schema["properties"]).toEqual({ n: { $ref: `${BASE}lib/number.schema.json` } });
    const validate = validatorFor(schema);
    expect(validate({ n: 1 })).toBe(true);
    expect(validate({ n: -1 })).toBe(false);
  });

  it("keeps plain-name fragments as anchors of the embedded resource", async () => {
    const tree = await compileTree({
      "src/a.yaml": `$ref: "b.yaml#positive"`,
      "src/b.yaml": `$defs: { p: { $anchor: positive, type: integer, exclusiveMinimum: 0 } }`,
    });
    const schema = tree.schema("a");
    expect(schema["$ref"]).toBe(`${BASE}b.schema.json#positive`);
    const validate = validatorFor(schema);
    expect([validate(3), validate(0), validate("3")]).toEqual([true, false, false]);
  });

  it("bundles documents that reference each other, in both directions", async () => {
    const tree = await compileTree({
      "src/tree.yaml": `type: object\nproperties: { children: { type: array, items: { $ref: "node.yaml" } } }`,
      "src/node.yaml": `type: object\nrequired: [name]\nproperties: { name: { type: string }, subtree: { $ref: "tree.yaml" } }`,
    });
    expect(tree.diagnostics).toEqual([]);
    const validateTree = validatorFor(tree.schema("tree"));
    expect(validateTree({ children: [{ name: "a", subtree: { children: [{ name: "b" }] } }] })).toBe(true);
    expect(validateTree({ children: [{ name: "a", subtree: { children: [{}] } }] })).toBe(false);
    const node = tree.schema("node");
    // The cycle back to the root is the root's own canonical $id, not a second copy.
    expect((node["$defs"] as Record<string, unknown>)["node"]).toBeUndefined();
    expect(validatorFor(node)({ name: "x", subtree: { children: [{ name: 1 }] } })).toBe(false);
  });

  it("resolves URIs through a catalog mapping to a folder outside the sources", async () => {
    const tree = await compileTree(
      {
        "src/app.yaml": `properties: { port: { $ref: "https://vendor.example.test/schemas/net.json#/definitions/port" } }`,
        "vendor/net.json": `{"$schema": "http://json-schema.org/draft-07/schema#", "definitions": {"port": {"type": "integer", "maximum": 65535}}}`,
      },
      { catalog: (dir) => [{ prefix: "https://vendor.example.test/schemas/", dir: path.join(dir, "vendor") }] },
    );
    expect(tree.diagnostics).toEqual([]);
    expect(tree.produced).toEqual(["app"]);
    const schema = tree.schema("app");
    const embedded = (schema["$defs"] as Record<string, Record<string, unknown>>)[
      "https://vendor.example.test/schemas/net.json"
    ]!;
    expect(embedded["$id"]).toBe("https://vendor.example.test/schemas/net.json");
    // A document of another dialect keeps its $schema inside the bundle.
    expect(embedded["$schema"]).toBe("http://json-schema.org/draft-07/schema#");
  });

  it("writes draft-07 bundles with definitions and the dialect's $schema", async () => {
    const tree = await compileTree({
      "src/a.json": `{"$schema": "http://json-schema.org/draft-07/schema", "$ref": "b.json#/definitions/s"}`,
      "src/b.json": `{"$schema": "http://json-schema.org/draft-07/schema#", "definitions": {"s": {"type": "string", "maxLength": 2}}}`,
    });
    const schema = tree.schema("a");
    expect(schema["$schema"]).toBe("http://json-schema.org/draft-07/schema#");
    expect(Object.keys(schema["definitions"] as object)).toEqual(["b"]);
    expect((schema["definitions"] as Record<string, object>)["b"]).not.toHaveProperty("$schema");
    const validate = validatorFor(schema);
    expect([validate("ab"), validate("abc")]).toEqual([true, false]);
  });

  it("uses id, not $id, for draft-04", async () => {
    const tree = await compileTree({
      "src/old.json": `{"$schema": "http://json-schema.org/draft-04/schema#", "id": "http://old.test/x.json", "type": "string"}`,
    });
    expect(tree.schema("old")).toEqual({
      $schema: "http://json-schema.org/draft-04/schema#",
      id: `${BASE}old.schema.json`,
      type: "string",
    });
  });

  it("leaves references to a meta-schema alone", async () => {
    const tree = await compileTree({
      "src/meta.yaml": `properties: { schema: { $ref: "https://json-schema.org/draft/2020-12/schema" } }`,
    });
    expect(tree.diagnostics).toEqual([]);
    const schema = tree.schema("meta");
    expect(schema["properties"]).toEqual({ schema: { $ref: "https://json-schema.org/draft/2020-12/schema" } });
    expect(schema["$defs"]).toBeUndefined();
  });

  it("rewrites references to the document's own former $id", async () => {
    const tree = await compileTree({
      "src/self.yaml": `
$id: https://old.example.test/self.json
properties:
  next: { $ref: "https://old.example.test/self.json" }
  value: { $ref: "https://old.example.test/self.json#/$defs/v" }
$defs: { v: { type: integer } }
`,
    });
    const schema = tree.schema("self");
    expect(schema["$id"]).toBe(`${BASE}self.schema.json`);
    expect(schema["properties"]).toEqual({ next: { $ref: "#" }, value: { $ref: "#/$defs/v" } });
  });

  it("moves a nested relative $id with the document's new base", async () => {
    const tree = await compileTree({
      "src/dir/outer.yaml": `
properties: { a: { $ref: "inner.json" } }
$defs:
  inner: { $id: inner.json, type: boolean }
`,
    });
    const schema = tree.schema("dir/outer");
    expect(schema["properties"]).toEqual({ a: { $ref: `${BASE}dir/inner.json` } });
    expect(validatorFor(schema)({ a: true })).toBe(true);
    expect(validatorFor(schema)({ a: 1 })).toBe(false);
  });

  it("removes charter's keywords at schema positions and nowhere else", async () => {
    const tree = await compileTree({
      "src/k.yaml": `
x-charter-counterexamples: []
properties:
  x-charter-note: { const: { x-charter-counterexamples: kept } }
`,
    });
    expect(tree.schema("k")).toMatchObject({
      properties: { "x-charter-note": { const: { "x-charter-counterexamples": "kept" } } },
    });
    expect(tree.schema("k")).not.toHaveProperty("x-charter-counterexamples");
  });

  it("writes identity and documentation first and definitions last, the rest as authored", async () => {
    const tree = await compileTree({
      "src/o.yaml": `$defs: { d: {} }\ntype: object\ndescription: d\nrequired: []\ntitle: t\n`,
    });
    expect(Object.keys(tree.schema("o"))).toEqual([
      "$schema",
      "$id",
      "title",
      "description",
      "type",
      "required",
      "$defs",
    ]);
  });

  it("turns a boolean root into a schema that can carry an $id", async () => {
    const tree = await compileTree({ "src/any.yaml": "true\n", "src/none.yaml": "false\n" });
    expect(tree.schema("any")).toEqual({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $id: `${BASE}any.schema.json`,
    });
    expect(tree.schema("none")["not"]).toEqual({});
  });

  it("pins each contract by the sha256 of its RFC 8785 form, whatever the source's key order", async () => {
    const a = await compileTree({ "src/c.yaml": "type: object\ntitle: c\nproperties: {b: {type: string}}\n" });
    const b = await compileTree({
      "src/c.json": '{"properties": {"b": {"type": "string"}}, "title": "c", "type": "object"}',
    });
    const manifestA = JSON.parse(a.files.get("manifest.json")!) as { contracts: { digest: string }[] };
    const manifestB = JSON.parse(b.files.get("manifest.json")!) as { contracts: { digest: string }[] };
    const expected =
      "sha256:" +
      createHash("sha256")
        .update(canonicalize(a.schema("c"))!)
        .digest("hex");
    expect(manifestA.contracts[0]!.digest).toBe(expected);
    expect(manifestB.contracts[0]!.digest).toBe(expected);
  });

  it("lists every contract in the manifest with its artifacts", async () => {
    const tree = await compileTree({ "src/b/x.yaml": "$ref: ../a.yaml\n", "src/a.yaml": "type: string\n" });
    expect(JSON.parse(tree.files.get("manifest.json")!)).toEqual({
      manifestVersion: 1,
      baseUri: BASE,
      sourceRoot: "../src",
      contracts: [
        expect.objectContaining({
          name: "a",
          $id: `${BASE}a.schema.json`,
          dialect: "2020-12",
          source: "a.yaml",
          artifacts: { schema: "schemas/a.schema.json", types: "types/a.ts", validator: "validators/a.js" },
          embeds: [],
        }),
        expect.objectContaining({ name: "b/x", source: "b/x.yaml", embeds: ["a"] }),
      ],
    });
  });
});

describe("references into places no keyword calls a schema", () => {
  it("treats the target as a schema: its own references are resolved, bundled and rewritten", async () => {
    const tree = await compileTree({
      "src/a.yaml": `$ref: "#/x-library/positive"\nx-library:\n  positive: { $ref: "numbers.yaml#/$defs/positive", x-charter-note: dropped }\n`,
      "src/numbers.yaml": `$defs: { positive: { type: number, exclusiveMinimum: 0 } }\n`,
    });
    expect(tree.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const schema = tree.schema("a");
    expect(schema["x-library"]).toEqual({ positive: { $ref: `${BASE}numbers.schema.json#/$defs/positive` } });
    const validate = validatorFor(schema);
    expect([validate(1), validate(0)]).toEqual([true, false]);
  });
});

describe("a $ref at the top of a bundled document", () => {
  it("moves into allOf in an embedded 2020-12 document, which ajv otherwise cannot compile", async () => {
    const tree = await compileTree({
      "src/case.yaml": `$ref: "https://remote.example.test/different-id.json"`,
      "src/remote.json": `{"$id": "https://remote.example.test/different-id.json", "$defs": {"bar": {"type": "string"}}, "$ref": "#/$defs/bar"}`,
    });
    const schema = tree.schema("case");
    expect((schema["$defs"] as Record<string, unknown>)["remote"]).toEqual({
      $id: `${BASE}remote.schema.json`,
      allOf: [{ $ref: "#/$defs/bar" }],
      $defs: { bar: { type: "string" } },
    });
    const validate = validatorFor(schema);
    expect([validate("x"), validate(1)]).toEqual([true, false]);
  });

  it("moves into allOf before 2019-09, so the $id beside it counts, and drops the siblings $ref hid", async () => {
    const tree = await compileTree({
      "src/old.json": `{"$schema": "http://json-schema.org/draft-07/schema#", "title": "Old", "type": "number", "$ref": "#/definitions/s", "definitions": {"s": {"type": "string"}}}`,
    });
    expect(tree.schema("old")).toEqual({
      $schema: "http://json-schema.org/draft-07/schema#",
      $id: `${BASE}old.schema.json`,
      title: "Old",
      allOf: [{ $ref: "#/definitions/s" }],
      definitions: { s: { type: "string" } },
    });
    const validate = validatorFor(tree.schema("old"));
    expect([validate("x"), validate(1)]).toEqual([true, false]);
  });

  it("moves into allOf in a nested 2020-12 schema resource, which ajv otherwise overflows its stack on (test suite ref.json)", async () => {
    const tree = await compileTree({
      "src/nested.yaml":
        "properties:\n  foo:\n    $id: inner.json\n    $defs:\n      bar: { type: string }\n    $ref: '#/$defs/bar'\n",
    });
    const foo = (tree.schema("nested")["properties"] as Record<string, unknown>)["foo"];
    expect(foo).toEqual({
      $id: `${BASE}inner.json`,
      allOf: [{ $ref: "#/$defs/bar" }],
      $defs: { bar: { type: "string" } },
    });
    const validate = validatorFor(tree.schema("nested"));
    expect([validate({ foo: "x" }), validate({ foo: 1 })]).toEqual([true, false]);
  });

  it("drops the assertions a nested $ref hides before 2019-09, which ajv would apply (test suite draft7 ref.json)", async () => {
    const tree = await compileTree({
      "src/old.json": `{"$schema": "http://json-schema.org/draft-07/schema#", "properties": {"a": {"$ref": "#/definitions/list", "maxItems": 1, "description": "kept"}}, "definitions": {"list": {"type": "array"}}}`,
    });
    const a = (tree.schema("old")["properties"] as Record<string, unknown>)["a"];
    expect(a).toEqual({ $ref: "#/definitions/list", description: "kept" });
    const validate = validatorFor(tree.schema("old"));
    expect([validate({ a: [1, 2] }), validate({ a: "no" })]).toEqual([true, false]);
  });

  it("keeps them, applied beside the $ref in allOf, where the config says refSiblings: apply (ajv's reading, which SchemaStore relies on)", async () => {
    const source = `{"$schema": "http://json-schema.org/draft-07/schema#", "properties": {"a": {"$ref": "#/definitions/list", "maxItems": 1}}, "definitions": {"list": {"type": "array"}}}`;
    const validation = {
      defaults: { ...DEFAULT_VALIDATION.defaults, refSiblings: "apply" as const },
      contracts: new Map(),
    };
    const tree = await compileTree({ "src/old.json": source }, { compile: { validation } });
    const a = (tree.schema("old")["properties"] as Record<string, unknown>)["a"];
    expect(a).toEqual({ allOf: [{ $ref: "#/definitions/list" }], maxItems: 1 });
    const validate = validatorFor(tree.schema("old"));
    expect([validate({ a: [1] }), validate({ a: [1, 2] })]).toEqual([true, false]);
  });
});

describe("catalog files without $schema", () => {
  it("are read in the dialect of the document that references them", async () => {
    const tree = await compileTree(
      {
        "src/a.json": `{"$schema": "http://json-schema.org/draft-07/schema#", "$ref": "http://remote.test/lii.json#/definitions/refToInteger"}`,
        "remotes/lii.json": `{"definitions": {"refToInteger": {"$ref": "#foo"}, "A": {"$id": "#foo", "type": "integer"}}}`,
      },
      { catalog: (dir) => [{ prefix: "http://remote.test/", dir: path.join(dir, "remotes") }] },
    );
    expect(tree.diagnostics).toEqual([]);
    const validate = validatorFor(tree.schema("a"));
    expect([validate(1), validate("a")]).toEqual([true, false]);
  });
});

describe("enum: []", () => {
  it("is written as not: {} in the bundle, which accepts nothing as the source says and which ajv compiles (test suite enum.json)", async () => {
    const tree = await compileTree({
      "src/none.yaml": "properties:\n  a: { enum: [] }\n  b: { enum: [], not: { type: string } }\n",
    });
    expect(tree.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(tree.schema("none")["properties"]).toEqual({
      a: { not: {} },
      b: { not: { type: "string" }, allOf: [{ not: {} }] },
    });
    const validate = validatorFor(tree.schema("none"));
    expect([validate({}), validate({ a: 1 }), validate({ b: 1 })]).toEqual([true, false, false]);
  });
});
