import { symlinkSync } from "node:fs";
import path from "node:path";
import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { compile } from "../../src/pipeline/compile.js";
import { BASE, compileTree } from "../helpers/compile-tree.js";
import { tempTree } from "../helpers/temp-tree.js";

function validatorFor(schema: Record<string, unknown>) {
  const ajv = String(schema["$schema"]).includes("2020-12")
    ? new Ajv2020({ strict: false })
    : new Ajv({ strict: false });
  return ajv.compile(schema);
}

describe("catalog folders", () => {
  const vendor = (dir: string) => [{ prefix: "https://v.test/schemas", dir: path.join(dir, "vendor") }];

  it("map a prefix written without its final slash", async () => {
    const tree = await compileTree(
      { "src/a.yaml": "$ref: 'https://v.test/schemas/x.json'\n", "vendor/x.json": '{"type": "string"}' },
      { catalog: vendor },
    );
    expect(tree.diagnostics).toEqual([]);
  });

  it("refuse a file that a symbolic link puts outside the folder", async () => {
    const dir = tempTree({
      "src/a.yaml": "properties: {x: {$ref: 'https://v.test/schemas/x.json'}}\n",
      "outside/secret.json": '{"const": "secret"}',
      "vendor/.keep": "",
    });
    symlinkSync(path.join(dir, "outside/secret.json"), path.join(dir, "vendor/x.json"));
    const result = await compile({
      sourceDir: path.join(dir, "src"),
      outDir: path.join(dir, "out"),
      baseUri: BASE,
      catalog: vendor(dir),
    });
    expect(result.diagnostics).toEqual([expect.objectContaining({ code: "CH209", line: 1, column: 24 })]);
    expect([...result.files.values()].join("")).not.toContain("secret");
  });

  it("report a file that does not parse once, and the reference to it", async () => {
    const tree = await compileTree(
      { "src/a.yaml": "$ref: 'https://v.test/schemas/x.json'\n", "vendor/x.json": '{"type": }' },
      { catalog: vendor },
    );
    expect(tree.diagnostics.map((d) => `${path.basename(d.file!)} ${d.code}`)).toEqual([
      "a.yaml CH209",
      "x.json CH102",
    ]);
  });

  it("report a source that is also reached through a catalog once", async () => {
    const dir = tempTree({ "src/a.yaml": "$ref: 'https://v.test/schemas/b.yaml'\n", "src/b.yaml": "type: [\n" });
    const result = await compile({
      sourceDir: path.join(dir, "src"),
      outDir: path.join(dir, "out"),
      baseUri: BASE,
      catalog: [{ prefix: "https://v.test/schemas/", dir: path.join(dir, "src") }],
    });
    expect(result.diagnostics.map((d) => `${path.basename(d.file!)} ${d.code}`)).toEqual([
      "a.yaml CH402",
      "b.yaml CH102",
    ]);
  });
});

describe("references", () => {
  it("into const data leave the data alone", async () => {
    const tree = await compileTree({
      "src/a.yaml":
        "properties:\n  kind: {const: {$ref: b.yaml, x-charter-note: keep}}\n  shape: {$ref: '#/properties/kind/const'}\n",
      "src/b.yaml": "{}",
    });
    expect((tree.schema("a")["properties"] as Record<string, unknown>)["kind"]).toEqual({
      const: { $ref: "b.yaml", "x-charter-note": "keep" },
    });
  });

  it("name files with + @ , ; = $ & : as written", async () => {
    const tree = await compileTree({
      "src/a.yaml": "$ref: 'a+b@c,d;e=f$g&h.yaml'\n",
      "src/a+b@c,d;e=f$g&h.yaml": "type: string\n",
    });
    expect(tree.diagnostics).toEqual([]);
  });

  it("reach a draft-07 anchor declared with its resource's URI", async () => {
    const tree = await compileTree({
      "src/a.json": JSON.stringify({
        $schema: "http://json-schema.org/draft-07/schema#",
        properties: { p: { $ref: "http://example.test/y.json#foo" } },
        definitions: { x: { $id: "http://example.test/y.json#foo", type: "string" } },
      }),
    });
    expect(tree.diagnostics).toEqual([]);
    const validate = validatorFor(tree.schema("a"));
    expect([validate({ p: "s" }), validate({ p: 1 })]).toEqual([true, false]);
  });
});

describe("identifiers in bundles", () => {
  it("refuse a relative nested $id under an opaque base URI", async () => {
    const dir = tempTree({
      "src/a.yaml": "properties: {x: {$ref: inner.json}}\n$defs: {in: {$id: inner.json, type: string}}\n",
    });
    const result = await compile({
      sourceDir: path.join(dir, "src"),
      outDir: path.join(dir, "out"),
      baseUri: "urn:example:",
      catalog: [],
    });
    expect(result.diagnostics).toEqual([expect.objectContaining({ code: "CH403", line: 2, column: 19 })]);
    expect([...result.files.values()].join("")).not.toContain("charter-source");
  });

  it("write nested $ids absolute, so they mean the same under the canonical root", async () => {
    const tree = await compileTree({
      "src/a.yaml":
        "$id: https://one.example/s/a.json\nproperties: {x: {$ref: shared.json}}\n$defs: {x: {$id: shared.json, type: string}}\n",
    });
    const schema = tree.schema("a");
    expect(schema["$defs"]).toEqual({ x: { $id: "https://one.example/s/shared.json", type: "string" } });
    expect(validatorFor(schema)({ x: 1 })).toBe(false);
  });

  it("use the bundle's identifier keyword for documents of another dialect", async () => {
    const tree = await compileTree({
      "src/old.json":
        '{"$schema": "http://json-schema.org/draft-04/schema#", "properties": {"s": {"$ref": "seven.json"}}}',
      "src/seven.json":
        '{"$schema": "http://json-schema.org/draft-07/schema#", "$id": "http://seven.test/seven.json", "type": "string"}',
    });
    const embedded = (tree.schema("old")["definitions"] as Record<string, Record<string, unknown>>)["seven"]!;
    expect(embedded["id"]).toBe(`${BASE}seven.schema.json`);
    expect(embedded).not.toHaveProperty("$id");
  });

  it("turn draft-07 plain-name ids into $anchor inside a 2020-12 bundle", async () => {
    const tree = await compileTree({
      "src/new.yaml": "properties: {p: {$ref: 'seven.json#pos'}}\n",
      "src/seven.json":
        '{"$schema": "http://json-schema.org/draft-07/schema#", "definitions": {"p": {"$id": "#pos", "type": "integer", "minimum": 0}}}',
    });
    const schema = tree.schema("new");
    expect(
      (
        (schema["$defs"] as Record<string, Record<string, Record<string, unknown>>>)["seven"]!["definitions"] as Record<
          string,
          unknown
        >
      )["p"],
    ).toEqual({
      $anchor: "pos",
      type: "integer",
      minimum: 0,
    });
    const validate = validatorFor(schema);
    expect([validate({ p: 1 }), validate({ p: -1 })]).toEqual([true, false]);
  });

  it("keep the siblings of a lifted draft-07 $ref that references point into", async () => {
    const tree = await compileTree({
      "src/a.json":
        '{"$schema": "http://json-schema.org/draft-07/schema#", "$ref": "#/$defs/x", "$defs": {"x": {"type": "string"}}}',
    });
    const validate = validatorFor(tree.schema("a"));
    expect([validate("s"), validate(1)]).toEqual([true, false]);
  });
});
