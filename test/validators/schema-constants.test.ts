/**
 * The schema constants of ajv's code, cut to what the code reads
 * (src/targets/validators/schema-constants.ts): the rewrite on its own, and
 * charter's modules judging data as ajv does with the whole schema.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ajvForDialect } from "../../src/schema/ajv-for-dialect.js";
import { pruneSchemaConstants as pruneLines } from "../../src/targets/validators/schema-constants.js";

/** The rewrite over a module's text, as these tests read it. */
const pruneSchemaConstants = (code: string): string => pruneLines(code.split("\n")).join("\n");
import { generateImportable } from "../helpers/generate-importable.js";

const DESCRIBED = "A long description that no validator ever reads";

describe("pruneSchemaConstants", () => {
  it("keeps the values the code reads, the keys hasOwnProperty checks, and nothing else", () => {
    const schema = {
      description: DESCRIBED,
      properties: { kind: { description: DESCRIBED, enum: ["a", "b"] }, size: { type: "integer" } },
      allOf: [{ description: DESCRIBED }, { type: ["string", "null"] }],
    };
    const code = [
      `const schema3 = ${JSON.stringify(schema)};`,
      "const func0 = Object.prototype.hasOwnProperty;",
      "if (!(func0.call(schema3.properties, key0))) {}",
      "const vSchema0 = schema3.properties.kind.enum;",
      "params: { type: schema3.allOf[1].type }",
    ].join("\n");
    const pruned = pruneSchemaConstants(code).split("\n")[0];
    expect(pruned).toBe(
      `const schema3 = ${JSON.stringify({
        properties: { kind: { enum: ["a", "b"] }, size: true },
        allOf: [null, { type: ["string", "null"] }],
      })};`,
    );
  });

  it("keeps a value whole where the code uses it in a way the rewrite cannot follow", () => {
    const schema = { enum: ["a"], items: [{ description: DESCRIBED }], required: ["x"] };
    for (const use of ["schema1.enum.includes(x)", "schema1.items[i0]", "f(schema1)", "schema1.required.length"]) {
      const code = `const schema1 = ${JSON.stringify(schema)};\n${use}`;
      const kept = JSON.parse(/= (.*);$/m.exec(pruneSchemaConstants(code))![1]!) as Record<string, unknown>;
      const member = /schema1\.(\w+)/.exec(use)?.[1];
      expect(member === undefined ? kept : kept[member], use).toEqual(
        member === undefined ? schema : schema[member as keyof typeof schema],
      );
    }
  });

  it("removes a constant nothing reads", () => {
    const code = `const schema1 = {"description":"x"};\nconst schema2 = {"enum":[1]};\nconst vSchema0 = schema2.enum;`;
    expect(pruneSchemaConstants(code)).toBe(`const schema2 = {"enum":[1]};\nconst vSchema0 = schema2.enum;`);
  });

  it("keeps a key named __proto__ as a key", () => {
    const code = `const schema1 = {"properties":{"__proto__":{"description":"x"},"a":{}}};\nfunc0.call(schema1.properties, key0)\nconst func0 = Object.prototype.hasOwnProperty;`;
    expect(pruneSchemaConstants(code).split("\n")[0]).toBe(
      `const schema1 = {"properties":{"__proto__":true,"a":true}};`,
    );
  });
});

describe("charter's validators with cut constants", () => {
  it("hold no description and judge data as ajv does with the whole schema, errors included", async () => {
    // Enough properties that ajv checks additional ones against its schema constant.
    const properties = Object.fromEntries(
      Array.from({ length: 40 }, (_, i) => [`p${i}`, { description: `${DESCRIBED} ${i}`, enum: [`v${i}`, i] }]),
    );
    const schema = { $schema: "http://json-schema.org/draft-07/schema#", description: DESCRIBED, type: "object" };
    const contract = { ...schema, properties, additionalProperties: false };
    const { result, load, outDir } = await generateImportable({ "src/wide.json": JSON.stringify(contract) });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const ajv = ajvForDialect("draft-07", { strict: false, allErrors: true, inlineRefs: false });
    const reference = ajv.compile(contract);
    const samples = [{ p0: "v0", p1: 1 }, { p0: "v1" }, { p3: 3, extra: true }, { p39: "v39", p2: {} }, []];
    const text = readFileSync(path.join(outDir, "validators/wide.js"), "utf8");
    expect(text).not.toContain(DESCRIBED);
    const validate = (await load("validators/wide.js"))["validate"]!;
    for (const data of samples) {
      expect(validate(data), JSON.stringify(data)).toBe(reference(data));
      // The module lists what ajv lists: every error's keyword and params, allowed values included.
      expect(
        validate.errors?.map((e) => [(e as { keyword: string }).keyword, (e as { params: unknown }).params]),
      ).toEqual(reference.errors?.map((e) => [e.keyword, e.params]));
    }
  });
});
