/**
 * The type-precision benchmark's classifier (scripts/bench-precision/classify.ts): the kind
 * of violation ajv's first-error validator reports, including where the failure is a union
 * or a conditional that the first error's own keyword does not show.
 */
import { describe, expect, it } from "vitest";
import { classify } from "../../scripts/bench-precision/classify.js";
import { ajvFor, judgeFor } from "../../scripts/bench-precision/judge.js";
import type { Dialect } from "../../src/schema/dialect.js";
import type { JsonValue } from "../../src/core/json-value.js";

function categoryOf(schema: Record<string, unknown>, value: unknown, dialect: Dialect = "2020-12"): string {
  const bundle = { $id: "https://example.invalid/s.schema.json", ...schema } as unknown as JsonValue;
  const judge = judgeFor(ajvFor(dialect, bundle), bundle, dialect, "");
  if ("error" in judge) throw new Error(judge.error);
  const verdict = judge.judge(value);
  if (verdict === undefined || !("rejected" in verdict)) throw new Error("ajv accepted the value");
  return verdict.rejected.category;
}

const object = (properties: Record<string, unknown>, more: Record<string, unknown> = {}) => ({
  type: "object",
  properties,
  ...more,
});

describe("classify", () => {
  it("reads the first error's keyword for plain violations", () => {
    expect(categoryOf(object({ a: {} }, { required: ["a"] }), {})).toBe("required");
    expect(categoryOf(object({ a: {} }, { additionalProperties: false }), { b: 1 })).toBe("additional");
    expect(categoryOf(object({ a: {} }, { unevaluatedProperties: false }), { b: 1 })).toBe("additional");
    expect(categoryOf(object({ a: { type: "string" } }), { a: 1 })).toBe("type");
    expect(categoryOf(object({ a: { const: "x" } }), { a: "y" })).toBe("const/enum");
    expect(categoryOf(object({ a: { enum: ["x"] } }), { a: "y" })).toBe("const/enum");
  });

  it("takes a false schema under properties for a member that must not be there", () => {
    expect(categoryOf(object({ a: false }), { a: 1 })).toBe("additional");
  });

  it("sorts what types cannot state into other", () => {
    expect(categoryOf(object({ a: { type: "string", pattern: "^x" } }), { a: "y" })).toBe("other");
    expect(categoryOf(object({ a: { type: "string", format: "date" } }), { a: "y" })).toBe("other");
    expect(categoryOf(object({ a: { type: "integer", minimum: 3 } }), { a: 1 })).toBe("other");
  });

  it("finds conditionals by the schema path: then, else, dependentRequired, dependentSchemas, draft-07 dependencies", () => {
    const conditional = object(
      { kind: {} },
      { if: object({ kind: { const: "x" } }), then: { required: ["b"] }, else: { required: ["c"] } },
    );
    expect(categoryOf(conditional, { kind: "x" })).toBe("conditional");
    expect(categoryOf(conditional, { kind: "y" })).toBe("conditional");
    expect(categoryOf(object({}, { dependentRequired: { a: ["b"] } }), { a: 1 })).toBe("conditional");
    expect(categoryOf(object({}, { dependentSchemas: { a: { required: ["b"] } } }), { a: 1 })).toBe("conditional");
    expect(categoryOf(object({}, { dependencies: { a: ["b"] } }), { a: 1 }, "draft-07")).toBe("conditional");
  });

  it("takes a property named like a keyword for a property", () => {
    expect(categoryOf(object({ then: { type: "string" } }), { then: 1 })).toBe("type");
  });

  it("finds a failed union by the last error, even through a $ref whose path hides it", () => {
    const branch = (k: string) => object({ k: { const: k } }, { required: ["k"] });
    expect(categoryOf(object({ a: { anyOf: [{ type: "string" }, branch("x")] } }), { a: { k: "z" } })).toBe(
      "oneOf/anyOf",
    );
    const viaRef = {
      ...object({ a: { $ref: "#/$defs/U" } }),
      $defs: { U: { oneOf: [{ $ref: "#/$defs/A" }, { $ref: "#/$defs/B" }] }, A: branch("a"), B: branch("b") },
    };
    expect(categoryOf(viaRef, { a: { k: "c" } })).toBe("oneOf/anyOf");
  });

  it("has an answer for an empty error list", () => {
    expect(classify([]).category).toBe("other");
  });
});
