/**
 * One validator module per contract (docs/decisions/003-validators.md): ajv's all-errors code
 * whose anyOf/oneOf/contains branches stop at their first error, and whose errors that stand are
 * compared with a limit the runtime sets. The same module answers `isValid` and `errors: "first"`
 * (limit 0) and `errors: "all"` (maxErrors), with ajv's verdict every time.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { bindContracts, type Registry } from "charter-runtime";
import { generateImportable } from "../helpers/generate-importable.js";

const SCHEMA = `
type: object
additionalProperties: false
properties:
  id: { type: string, minLength: 2 }
  shape:
    oneOf:
      - { $ref: "#/$defs/circle" }
      - { $ref: "#/$defs/square" }
  tags:
    type: array
    contains: { type: string, pattern: "^#" }
  note:
    anyOf:
      - { type: string, maxLength: 3 }
      - { type: object, required: [text, by], properties: { text: { type: string } } }
  code:
    not: { $ref: "#/$defs/someCircle" }
  labels:
    type: object
    propertyNames: { pattern: "^[a-z]+$" }
$defs:
  # A reference of its own keeps it a function (small targets are inlined: inline-refs.ts), called inside not.
  someCircle: { $ref: "#/$defs/circle", type: object }
  circle:
    type: object
    required: [kind, radius]
    properties:
      kind: { const: circle }
      radius: { type: number, minimum: 0 }
  square:
    type: object
    required: [kind, side]
    properties:
      kind: { const: square }
      side: { type: number, minimum: 0 }
`;

const VALUES: unknown[] = [
  { id: "ab" },
  { id: "ab", shape: { kind: "circle", radius: 1 } },
  { id: "ab", shape: { kind: "square", side: 2 } },
  { id: "ab", shape: { kind: "oval", radius: -1, side: -1 } },
  { id: "a", shape: { kind: "circle", radius: -1 }, extra: 1, other: 2 },
  { id: "ab", tags: ["x", "#y"] },
  { id: "ab", tags: ["x", "y", 3] },
  { id: "ab", note: "abc" },
  { id: "ab", note: "abcd" },
  { id: "ab", note: { text: 1 } },
  { id: "ab", code: { kind: "circle", radius: 1 } },
  { id: "ab", code: { kind: "circle" } },
  { id: "ab", labels: { abc: 1, Bad: 2, "also bad": 3 } },
  { shape: 1, tags: [], note: [], code: null, labels: [] },
  "not an object",
  null,
];

async function generated(): Promise<{ registry: Registry; outDir: string }> {
  const { outDir, result } = await generateImportable({ "src/shape.yaml": SCHEMA });
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  const registry = (
    (await import(pathToFileURL(path.join(outDir, "validators/index.js")).href)) as { registry: Registry }
  ).registry;
  return { registry, outDir };
}

/** ajv compiling the same bundle, first error and all errors. */
async function reference(outDir: string) {
  const { readFileSync } = await import("node:fs");
  const schema = JSON.parse(readFileSync(path.join(outDir, "schemas/shape.schema.json"), "utf8")) as object;
  const first = new Ajv2020({ strict: false }).compile(schema);
  const all = new Ajv2020({ strict: false, allErrors: true }).compile(schema);
  return { first, all };
}

describe("one validator module per contract", () => {
  it("writes one module and its declarations per contract, and a registry without a second loader", async () => {
    const { outDir, result } = await generateImportable({ "src/shape.yaml": SCHEMA });
    const validators = [...result.files.keys()].filter((f) => f.startsWith("validators/")).sort();
    expect(validators).toEqual([
      "validators/index.d.ts",
      "validators/index.js",
      "validators/package.json",
      "validators/shape.d.ts",
      "validators/shape.js",
    ]);
    expect(result.files.get("validators/index.js")).not.toContain("loadAllErrors");
    // The counter around each subschema whose errors may be dropped (a canary for ajv's keyword code).
    const code = result.files.get("validators/shape.js")!;
    expect(code.match(/__charterErrors\.nest\+\+;/g)?.length).toBe(code.match(/__charterErrors\.nest--;/g)?.length);
    expect(code).toContain("__charterErrors.nest++;");
    expect(outDir).toBeTruthy();
  });

  it("gives ajv's verdict on every value, with every limit, and the first-error list with limit 0", async () => {
    const { registry, outDir } = await generated();
    const ajv = await reference(outDir);
    const all = bindContracts(registry, { maxErrors: Infinity });
    const capped = bindContracts(registry, { maxErrors: 1 });
    const first = bindContracts(registry, { errors: "first" });
    for (const value of VALUES) {
      const expected = ajv.first(value);
      expect(await all.isValid("shape", value), JSON.stringify(value)).toBe(expected);
      expect((await all.validate("shape", value)).ok).toBe(expected);
      expect((await capped.validate("shape", value)).ok).toBe(expected);
      const firstResult = await first.validate("shape", value);
      expect(firstResult.ok).toBe(expected);
      if (!firstResult.ok) {
        // What ajv's first-error function reports: the violation it stopped at, after the failed
        // branches' errors for an anyOf or oneOf (a contains' items are not listed).
        const ours = firstResult.errors.map((e) => [e.pointer, e.keyword]);
        const theirs = (ajv.first.errors ?? []).map((e) => [e.instancePath, e.keyword]);
        expect(ours, JSON.stringify(value)).toEqual(theirs);
      }
    }
  });

  it("lists every violation that stands, and each failed branch's first error", async () => {
    const { registry, outDir } = await generated();
    const ajv = await reference(outDir);
    const runtime = bindContracts(registry, { maxErrors: Infinity });
    const value = { id: "a", shape: { kind: "oval", radius: -1, side: -1 }, extra: 1, other: 2 };
    const result = await runtime.validate("shape", value);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const listed = result.errors.map((e) => `${e.pointer} ${e.keyword}`).sort();
    // ajv's all-errors list has every error of each oneOf branch (kind and minimum in both).
    ajv.all(value);
    const ajvListed = (ajv.all.errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`).sort();
    expect(ajvListed).toEqual(
      [
        " additionalProperties",
        " additionalProperties",
        "/id minLength",
        "/shape oneOf",
        "/shape/kind const",
        "/shape/kind const",
        "/shape/radius minimum",
        "/shape/side minimum",
      ].sort(),
    );
    // Here each branch stops at its first error, the kind.
    expect(listed).toEqual(
      [
        " additionalProperties",
        " additionalProperties",
        "/id minLength",
        "/shape oneOf",
        "/shape/kind const",
        "/shape/kind const",
      ].sort(),
    );
  });

  it("reports a property name's violation with the propertyNames error after it, in both modes", async () => {
    const { registry } = await generated();
    const value = { id: "ab", labels: { abc: 1, Bad: 2 } };
    const first = await bindContracts(registry, { errors: "first" }).validate("shape", value);
    expect(first.ok || first.errors.map((e) => e.keyword)).toEqual(["pattern", "propertyNames"]);
    const all = await bindContracts(registry).validate("shape", value);
    expect(all.ok || all.errors.map((e) => e.keyword).sort()).toEqual(["pattern", "propertyNames"]);
  });

  it("leaves the module as ajv's all-errors function when called directly, also after a call that stopped", async () => {
    const { registry } = await generated();
    const module = await registry["shape"]!.load();
    const validate = module["validate"] as ((data: unknown) => boolean) & { errors: unknown[] | null };
    const cap = module["__charterErrors"] as { limit: number; nest: number };
    await bindContracts(registry, { errors: "first" }).validate("shape", { id: "a", extra: 1 });
    expect([cap.limit, cap.nest]).toEqual([Infinity, 0]);
    expect(validate({ id: "a", extra: 1, more: 2 })).toBe(false);
    expect(validate.errors).toHaveLength(3);
    expect(validate({ id: "ab", shape: { kind: "circle", radius: 0 } })).toBe(true);
  });

  it("counts a call of the root from a definition ($ref: '#') inside a subschema whose errors may be dropped", async () => {
    const schemas: Record<string, object> = {
      anyOf: { anyOf: [{ $ref: "#" }, { type: "string" }] },
      not: { not: { $ref: "#" } },
      contains: { type: "array", contains: { $ref: "#" } },
      if: { if: { $ref: "#" }, then: { type: "object" } },
    };
    for (const [keyword, definition] of Object.entries(schemas)) {
      const schema = {
        type: "object",
        minProperties: 1,
        properties: { x: { $ref: "#/$defs/a" } },
        $defs: { a: definition },
      };
      const { result, load } = await generateImportable({ [`src/${keyword}.json`]: JSON.stringify(schema) });
      expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      const module = await load(`validators/${keyword}.js`);
      const registry = (await load("validators/index.js"))["registry"] as unknown as Registry;
      const expected = new Ajv2020({ strict: false }).compile(schema);
      for (const runtime of [bindContracts(registry), bindContracts(registry, { errors: "first" })])
        for (const value of [{ x: "s" }, { x: {} }, { x: 1 }, { x: [{}] }, { x: [] }, { x: [1, "s"] }]) {
          const label = `${keyword} ${JSON.stringify(value)}`;
          expect(await runtime.isValid(keyword, value), label).toBe(expected(value));
          expect((await runtime.validate(keyword, value)).ok, label).toBe(expected(value));
        }
      expect(module["validate"]).toBeTypeOf("function");
    }
  });

  it("lists every violation again when called directly after a call that ran out of stack", async () => {
    const schema = {
      properties: { p: { type: "string" }, q: { type: "string" } },
      anyOf: [{ type: "array", items: { $ref: "#" } }, { type: "object" }],
    };
    const { load } = await generateImportable({ "src/deep.json": JSON.stringify(schema) });
    const module = await load("validators/deep.js");
    const validate = module["validate"]!;
    let deep: unknown = [];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(() => validate(deep)).toThrow(RangeError);
    expect(validate({ p: 1, q: 1 })).toBe(false);
    expect((validate.errors ?? []).map((e) => (e as { instancePath: string }).instancePath)).toEqual(["/p", "/q"]);
  });
});
