import path from "node:path";
import { Project, ts } from "ts-morph";
import { describe, expect, it } from "vitest";
import { compile } from "../../src/pipeline/compile.js";
import { tempTree } from "../helpers/temp-tree.js";

async function generate(files: Record<string, string>) {
  const dir = tempTree(files);
  const result = await compile({
    sourceDir: path.join(dir, "src"),
    outDir: path.join(dir, "out"),
    baseUri: "https://t.test/",
    catalog: [],
  });
  return { ...result, types: (name: string) => result.files.get(`types/${name}.ts`) };
}

/** Compiles every generated module, the barrel included, as a client's build would. */
function compileOutput(files: ReadonlyMap<string, string>): string[] {
  const project = new Project({
    useInMemoryFileSystem: true,
    compilerOptions: {
      strict: true,
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
      noEmit: true,
      lib: ["lib.es2022.d.ts"],
      types: [],
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
    },
  });
  for (const [file, text] of files) if (file.startsWith("types/")) project.createSourceFile(`/${file}`, text);
  return project.getPreEmitDiagnostics().map((d) => ts.flattenDiagnosticMessageText(d.compilerObject.messageText, " "));
}

describe("types for schemas the generator mishandles", () => {
  it("names nothing after an $id, so two contracts with the same nested $id do not clash in the barrel", async () => {
    const schema =
      '{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"checked":{"$id":"#/properties/checked","type":"boolean"}}}';
    const out = await generate({ "src/a.json": schema, "src/b.json": schema });
    expect(out.diagnostics).toEqual([]);
    expect(compileOutput(out.files)).toEqual([]);
    expect(out.types("a")).not.toContain("PropertiesChecked");
  });

  it("exports boolean definitions, and a root that accepts anything, as unknown or never", async () => {
    const out = await generate({
      "src/a.yaml": "$defs:\n  any: true\n  none: false\n",
      "src/b.yaml": "properties:\n  x: {$ref: 'a.yaml#/$defs/any'}\n",
      "src/free.yaml": "true\n",
      "src/described.yaml": "description: Any value.\nexamples: [text, 1, {a: 1}]\n",
    });
    expect(out.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(out.types("a")).toContain("export type Any = unknown;");
    expect(out.types("a")).toContain("export type None = never;");
    expect(out.types("free")).toContain("export type Free = unknown;");
    expect(compileOutput(out.files)).toEqual([]);
  });

  it("keeps properties named like keywords, and data that holds $ref keys", async () => {
    const out = await generate({
      "src/tsconfig.yaml": [
        "type: object",
        "properties:",
        "  extends: {type: string}",
        "  items: {type: array, items: {type: string}}",
        "  allOf: {type: boolean}",
        "  const: {type: number}",
        "examples:",
        "  - {extends: base, items: [a], allOf: true, const: 1}",
        "  - {$ref: '#/elsewhere'}",
        "",
      ].join("\n"),
    });
    expect(out.diagnostics).toEqual([]);
    const text = out.types("tsconfig")!;
    for (const member of ["extends?: string;", "items?: string[];", "allOf?: boolean;", "const?: number;"])
      expect(text).toContain(member);
    expect(text).not.toContain("minItems");
  });

  it("exports both $defs and definitions of one document", async () => {
    const out = await generate({
      "src/both.yaml":
        "$defs:\n  a: {type: string}\ndefinitions:\n  b: {type: number}\nproperties:\n  a: {$ref: '#/$defs/a'}\n  b: {$ref: '#/definitions/b'}\n",
    });
    expect(out.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(out.types("both")).toMatch(
      /export type A = string;[\s\S]*export type B = number;|export type B = number;[\s\S]*export type A = string;/,
    );
  });

  it("keeps keywords that stand beside a reference to another contract", async () => {
    const out = await generate({
      "src/base.yaml": "type: object\nproperties: {id: {type: string}}\n",
      "src/uses.yaml":
        "type: object\nproperties:\n  remote: {$ref: base.yaml, properties: {extra: {type: number}}, required: [extra]}\nexamples:\n  - {remote: {id: a, extra: 1}}\n",
    });
    expect(out.diagnostics).toEqual([]);
    // Without `type` beside them, the keywords constrain objects only (implied-types); Base says the rest.
    expect(out.types("uses")).toMatch(
      /remote\?: \(\s*\| \{\s*extra: number;\s*\[k: string\]: unknown;\s*\}\s*\| \(unknown\[\] \| string \| number \| boolean \| null\)\s*\) &\s*Base;/,
    );
  });

  it("leaves an object open when a condition may evaluate more properties", async () => {
    const out = await generate({
      "src/pay.yaml": [
        "type: object",
        "properties: {kind: {enum: [card, cash]}}",
        "if: {properties: {kind: {const: card}}}",
        "then: {properties: {cardNumber: {type: string}}}",
        "unevaluatedProperties: false",
        "examples: [{kind: card, cardNumber: '4111'}]",
        "",
      ].join("\n"),
    });
    expect(out.diagnostics).toEqual([]);
  });

  it("does not add dependents' properties to an object that additionalProperties closes", async () => {
    const out = await generate({
      "src/d.yaml":
        "type: object\nadditionalProperties: false\nproperties: {card: {type: string}}\ndependentSchemas: {card: {properties: {billing: {type: string}}}}\n",
    });
    expect(out.types("d")).not.toContain("billing");
  });

  it("keeps an object with patternProperties open to keys that match no pattern, so valid examples type-check", async () => {
    const out = await generate({
      "src/p.yaml": [
        "type: object",
        "patternProperties: {'^x-': {type: number}}",
        "examples: [{x-n: 1, colour: blue}]",
        "$defs:",
        "  extended:",
        "    allOf:",
        "      - {type: object, properties: {enum: {type: array}}}",
        "      - {patternProperties: {'^x-': {type: number}}, properties: {a: {type: string}}}",
        "    examples: [{enum: [1], a: s, x-y: 2}]",
        "",
      ].join("\n"),
    });
    expect(out.diagnostics).toEqual([]);
    expect(out.types("p")).not.toContain("[k: string]: number");
  });

  it("gives a top-level contract named index modules of their own beside the barrel and the registry, and renames a definition named like the generator wrapper", async () => {
    const out = await generate({
      "src/index.yaml": "type: string\n",
      "src/w.yaml": "$defs:\n  charter-generator-wrapper: {type: string}\n",
    });
    expect(out.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(out.types("index.contract")).toContain("export type Index = string;");
    expect(out.files.get("types/index.ts")).toContain('export type { Index } from "./index.contract.js";');
    expect(out.files.get("types/index.ts")).toContain('export type { W, WCharterGeneratorWrapper } from "./w.js";');
    expect(out.files.get("validators/index.js")).toContain('load: () => import("./index.contract.js")');
    expect(out.files.get("validators/index.contract.d.ts")).toContain(
      'import type { Index } from "../types/index.contract.js";',
    );
    const manifest = JSON.parse(out.files.get("manifest.json")!) as {
      contracts: { name: string; artifacts: Record<string, string> }[];
    };
    expect(manifest.contracts.find((c) => c.name === "index")!.artifacts).toEqual({
      schema: "schemas/index.schema.json",
      types: "types/index.contract.ts",
      validator: "validators/index.contract.js",
    });
    expect(compileOutput(out.files)).toEqual([]);
  });
});
