/**
 * Two defects of ajv 8's generated code that data can reach, each with the
 * canary that shows ajv alone still has it, and charter's validators beside
 * it: a TypeError thrown on data (patternProperties after a branch), and a
 * `contains` skipped on a short array beside a tuple.
 */
import { createRequire } from "node:module";
import type { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { ajvForDialect } from "../../src/schema/ajv-for-dialect.js";
import { DIALECT_URIS, type Dialect } from "../../src/schema/dialect.js";
import { guardPatternProps } from "../../src/targets/validators/pattern-props-guard.js";
import { generateImportable } from "../helpers/generate-importable.js";

const standaloneCode = (
  createRequire(import.meta.url)("ajv/dist/standalone") as {
    default: (ajv: Ajv, refs: Record<string, string>) => string;
  }
).default;

const BRANCH_THEN_PATTERN = {
  anyOf: [{ properties: { c: {} }, required: ["c"] }, true],
  patternProperties: { "^x": true },
};

describe("patternProperties after a branch (ajv throws TypeError on data)", () => {
  it("canary: ajv still writes the unguarded assignment, and its validator throws", () => {
    const ajv = ajvForDialect("2020-12", { strict: false, code: { source: true, esm: true } });
    ajv.addSchema({ $id: "https://w.test/p", ...BRANCH_THEN_PATTERN });
    const code = standaloneCode(ajv, { validate: "https://w.test/p" });
    expect(guardPatternProps(code).replaced).toBeGreaterThan(0);
    expect(() => ajvForDialect("2020-12", { strict: false }).compile(BRANCH_THEN_PATTERN)({ x1: 1 })).toThrow(
      TypeError,
    );
  });

  it("charter's validators give a verdict in both modules, for each dialect that tracks evaluated properties", async () => {
    for (const dialect of ["2019-09", "2020-12"] as const) {
      const { result, load } = await generateImportable({
        "src/p.json": JSON.stringify({
          $schema: DIALECT_URIS[dialect],
          ...BRANCH_THEN_PATTERN,
          unevaluatedProperties: false,
        }),
        "src/q.json": JSON.stringify({ $schema: DIALECT_URIS[dialect], ...BRANCH_THEN_PATTERN }),
      });
      expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      for (const module of ["validators/p.js", "validators/q.js"]) {
        const validate = (await load(module))["validate"]!;
        expect([validate({ x1: 1 }), validate({ c: 1, x1: 1 }), validate({ y: 1 })], `${dialect} ${module}`).toEqual(
          module.startsWith("validators/p") ? [true, true, false] : [true, true, true],
        );
      }
    }
  });
});

describe("contains beside a tuple (ajv's first-error code skips it on a short array)", () => {
  const cases: [Dialect, string][] = [
    ["draft-07", "items"],
    ["2019-09", "items"],
    ["2020-12", "prefixItems"],
  ];
  it.each(cases)("%s: charter's validator rejects what ajv's first-error code accepts", async (dialect, tuple) => {
    const schema = { [tuple]: [true, { type: "string" }], contains: { const: 1 }, minContains: 1 };
    expect(ajvForDialect(dialect, { strict: false }).compile(schema)([])).toBe(true);
    const { result, load } = await generateImportable({
      "src/t.json": JSON.stringify({ $schema: DIALECT_URIS[dialect], ...schema }),
    });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const fast = (await load("validators/t.js"))["validate"]!;
    const all = ajvForDialect(dialect, { strict: false, allErrors: true }).compile(schema);
    for (const data of [[], ["a"], [1, "a"], [2, "b", 1], ["x", 2]])
      expect(fast(data), JSON.stringify(data)).toBe(all(data));
    expect([fast([]), fast(["a"]), fast([1, "a"]), fast([2, "b", 1])]).toEqual([false, false, true, true]);
    // The violation names the `contains` the author wrote, not the allOf entry it moved to.
    fast([]);
    expect(fast.errors).toEqual([expect.objectContaining({ keyword: "contains", schemaPath: "#/contains" })]);
    // The published bundle is as written.
    expect(JSON.parse(result.files.get("schemas/t.schema.json")!)).toMatchObject({ contains: { const: 1 } });
  });
});
