import path from "node:path";
import { describe, expect, it } from "vitest";
import { compile, type CompileOptions } from "../../src/pipeline/compile.js";
import { tempTree } from "../helpers/temp-tree.js";

async function generate(files: Record<string, string>, options: Partial<CompileOptions> = {}) {
  const dir = tempTree(files);
  const result = await compile({
    sourceDir: path.join(dir, "src"),
    outDir: path.join(dir, "out"),
    baseUri: "https://t.test/",
    catalog: [],
    ...options,
  });
  const declared = (name: string) =>
    [...(result.files.get(`types/${name}.ts`) ?? "").matchAll(/^export (?:interface|type) (\w+)/gm)]
      .map((m) => m[1])
      .sort();
  // Only the types stage: a root of definitions alone has its own warning (CH310), not the subject here.
  const findings = result.diagnostics
    .filter((d) => d.code.startsWith("CH6"))
    .map((d) => [path.basename(d.file!), d.severity, d.code, d.line, d.column, d.message]);
  return { ...result, declared, findings, types: (name: string) => result.files.get(`types/${name}.ts`) };
}

const ACTION =
  "$schema: https://json-schema.org/draft/2020-12/schema\n$ref: '#/$defs/Action'\n$defs:\n  Action:\n    type: object\n    required: [kind]\n    properties: {kind: {type: string}}\n";
const ORDER =
  "$ref: '#/$defs/order'\n$defs:\n  order:\n    type: object\n    properties: {id: {$ref: '#/$defs/id'}}\n  id: {type: string}\n";

describe("type names", () => {
  it("gives a root that is only a $ref to a definition of its own name that definition's type: one declaration, no clash", async () => {
    const out = await generate({
      "src/action.yaml": ACTION,
      "src/order.yaml": ORDER,
      "src/client.yaml": "properties:\n  a: {$ref: 'action.yaml'}\n  o: {$ref: 'order.yaml#/$defs/order'}\n",
    });
    expect(out.diagnostics).toEqual([]);
    expect(out.declared("action")).toEqual(["Action"]);
    expect(out.declared("order")).toEqual(["Id", "Order"]);
    // A reference to the root and one to the definition are the same type.
    expect(out.types("client")).toContain('import type { Action } from "./action.js";');
    expect(out.types("client")).toMatch(/a\?: Action;[\s\S]*o\?: Order;/);
    expect(out.files.get("types/index.ts")).toContain('export type { Action } from "./action.js";');
    const declarations = out.files.get("validators/action.d.ts")!;
    expect(declarations).toContain("export declare const validate: Validator<Action>;");
    expect(declarations).toContain("export declare const validateAction: Validator<Action>;");
  });

  it("merges the alias under qualified names too, and a definition that only refers to another of the same name", async () => {
    const qualified = await generate({ "src/order.yaml": ORDER }, { typeNaming: "qualified" });
    expect(qualified.diagnostics).toEqual([]);
    expect(qualified.declared("order")).toEqual(["Order", "OrderId"]);
    const short = await generate({
      "src/kinds.yaml":
        "type: array\nitems: {$ref: '#/$defs/Kind'}\n$defs:\n  Kind: {$ref: '#/$defs/kind'}\n  kind: {enum: [a, b]}\n",
    });
    expect(short.diagnostics).toEqual([]);
    expect(short.declared("kinds")).toEqual(["Kind", "Kinds"]);
  });

  it("keeps a root that refers to a definition of another name as an alias of it", async () => {
    const out = await generate({
      "src/message.yaml": "$ref: '#/$defs/envelope'\n$defs:\n  envelope: {type: object}\n",
    });
    expect(out.diagnostics).toEqual([]);
    expect(out.types("message")).toContain("export type Message = Envelope;");
  });

  it("settles a clash of a root and another contract's definition by place, with a warning naming both and the name each got", async () => {
    const out = await generate({
      "src/tag.yaml": "type: string\n",
      "src/pet.yaml":
        "type: object\nproperties:\n  tag: {$ref: '#/$defs/tag'}\n$defs:\n  tag: {type: string, minLength: 1}\n",
    });
    expect(out.findings).toEqual([
      [
        "pet.yaml",
        "warning",
        "CH608",
        5,
        3,
        'type name "Tag" is also derived for tag.yaml (root), which keeps it; this one is named "PetTag" (set x-charter-name to choose its name)',
      ],
    ]);
    expect(out.declared("tag")).toEqual(["Tag"]);
    expect(out.declared("pet")).toEqual(["Pet", "PetTag"]);
    expect(out.files.get("validators/pet.d.ts")).toContain("export declare const validatePetTag: Validator<PetTag>;");
  });

  it("settles a clash of a contract's root and its own definition, and of two contracts' definitions", async () => {
    const out = await generate({
      "src/a.yaml": "$defs:\n  item: {type: string}\n  a: {type: number}\n",
      "src/b.yaml": "$defs:\n  item: {type: number}\n",
    });
    expect(out.findings).toEqual([
      [
        "a.yaml",
        "warning",
        "CH608",
        3,
        3,
        'type name "A" is also derived for a.yaml (root), which keeps it; this one is named "AA" (set x-charter-name to choose its name)',
      ],
      [
        "b.yaml",
        "warning",
        "CH608",
        2,
        3,
        'type name "Item" is also derived for a.yaml#/$defs/item, which keeps it; this one is named "BItem" (set x-charter-name to choose its name)',
      ],
    ]);
    expect(out.declared("a")).toEqual(["A", "AA", "Item"]);
    expect(out.declared("b")).toEqual(["B", "BItem"]);
  });

  it("never takes a name somebody claims, and numbers the last resort", async () => {
    // b's qualified fallbacks are both claimed already: BItem by c's root, B_Item by x-charter-name.
    const out = await generate({
      "src/a.yaml": "$defs:\n  item: {type: string}\n",
      "src/b.yaml": "$defs:\n  item: {type: number}\n  other: {x-charter-name: B_Item, type: boolean}\n",
      "src/b-item.yaml": "type: 'null'\n",
    });
    expect(out.findings.filter((f) => f[2] === "CH608").map((f) => f[5])).toEqual([
      expect.stringContaining('this one is named "Item2"'),
    ]);
    expect(out.declared("b")).toEqual(["B", "B_Item", "Item2"]);
    expect(out.declared("b-item")).toEqual(["BItem"]);
  });

  it("keeps names stable when an unrelated contract is added, and whatever order the files were written in", async () => {
    const base = {
      "src/m/a.yaml": "$defs:\n  item: {type: string}\n",
      "src/m/b.yaml": "$defs:\n  item: {type: number}\n",
    };
    const first = await generate(base);
    const reversed = await generate({ "src/m/b.yaml": base["src/m/b.yaml"], "src/m/a.yaml": base["src/m/a.yaml"] });
    const added = await generate({ ...base, "src/0/first.yaml": "$defs:\n  other: {type: string}\n" });
    for (const out of [reversed, added]) {
      expect(out.types("m/a")).toBe(first.types("m/a"));
      expect(out.types("m/b")).toBe(first.types("m/b"));
    }
    expect(first.declared("m/b")).toEqual(["MB", "MBItem"]);
  });

  it("refuses clashes at every place when typeNameClashes is error", async () => {
    const out = await generate(
      { "src/a.yaml": "$defs:\n  item: {type: string}\n", "src/b.yaml": "$defs:\n  item: {type: number}\n" },
      { typeNameClashes: "error" },
    );
    expect(out.findings).toEqual([
      [
        "a.yaml",
        "error",
        "CH601",
        2,
        3,
        'type name "Item" is also given to b.yaml#/$defs/item; set x-charter-name on one of them',
      ],
      [
        "b.yaml",
        "error",
        "CH601",
        2,
        3,
        'type name "Item" is also given to a.yaml#/$defs/item; set x-charter-name on one of them',
      ],
    ]);
    expect(out.types("a")).toBeUndefined();
    expect(out.types("b")).toBeUndefined();
    // The schemas and validators do not depend on type names.
    expect(out.files.has("schemas/a.schema.json")).toBe(true);
    expect(out.files.has("validators/b.js")).toBe(true);
    // The root alias is no clash, even in strict mode.
    expect((await generate({ "src/action.yaml": ACTION }, { typeNameClashes: "error" })).diagnostics).toEqual([]);
  });

  it("refuses two x-charter-names that ask for one name, and gives way to them with derived names", async () => {
    const out = await generate({
      "src/a.yaml": "$defs:\n  x: {x-charter-name: Shared, type: string}\n",
      "src/b.yaml": "$defs:\n  y: {x-charter-name: Shared, type: number}\n",
      "src/c.yaml": "$defs:\n  shared: {type: boolean}\n",
    });
    expect(out.findings).toEqual([
      [
        "a.yaml",
        "error",
        "CH601",
        2,
        3,
        'type name "Shared" is also given to b.yaml#/$defs/y, c.yaml#/$defs/shared; set x-charter-name on one of them',
      ],
      [
        "b.yaml",
        "error",
        "CH601",
        2,
        3,
        'type name "Shared" is also given to a.yaml#/$defs/x, c.yaml#/$defs/shared; set x-charter-name on one of them',
      ],
      [
        "c.yaml",
        "warning",
        "CH608",
        2,
        3,
        'type name "Shared" is also given by x-charter-name to a.yaml#/$defs/x, b.yaml#/$defs/y; this one is named "CShared" (set x-charter-name to choose its name)',
      ],
    ]);
  });

  it("renames a definition whose derived name is the generator wrapper's", async () => {
    const out = await generate({ "src/w.yaml": "$defs:\n  charter-generator-wrapper: {type: string}\n" });
    expect(out.findings).toEqual([
      ["w.yaml", "warning", "CH608", 2, 3, expect.stringContaining('this one is named "WCharterGeneratorWrapper"')],
    ]);
    expect(out.declared("w")).toEqual(["W", "WCharterGeneratorWrapper"]);
  });
});
