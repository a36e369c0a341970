import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { createAjv } from "../../src/targets/validators/create-ajv.js";
import { DEFAULT_VALIDATION, type ValidationSettings } from "../../src/settings/validation.js";
import { formatExportName, replaceRequires } from "../../src/targets/validators/esm-imports.js";
import { appendErrorsInPlace } from "../../src/targets/validators/linear-error-merge.js";
import { firstErrorNesting } from "../../src/targets/validators/first-error-nesting.js";
import { generateImportable } from "../helpers/generate-importable.js";

const standaloneCode = (
  createRequire(import.meta.url)("ajv/dist/standalone") as {
    default: (ajv: unknown, refs: Record<string, string>) => string;
  }
).default;

// The contract is 2020-12, whose formats are annotations unless the config asserts them, as here.
const ASSERT_FORMATS: ValidationSettings = {
  defaults: { ...DEFAULT_VALIDATION.defaults, formats: "assert" },
  contracts: new Map(),
};

const CONTRACT = {
  "src/order.yaml": `
type: object
required: [id, lines]
additionalProperties: false
properties:
  id: { type: string, format: uuid }
  placed: { type: string, format: date-time }
  lines: { type: array, minItems: 1, items: { $ref: "#/$defs/line" } }
  tags: { type: array, uniqueItems: true, items: { type: string, maxLength: 3 } }
$defs:
  line:
    type: object
    required: [sku, quantity]
    properties:
      sku: { type: string, pattern: "^[A-Z]{3}-[0-9]+$" }
      quantity: { type: integer, minimum: 1 }
`,
};

const SAMPLES: unknown[] = [
  { id: "5f0c6a3e-8d2b-4c1a-9e7f-0a1b2c3d4e5f", lines: [{ sku: "ABC-1", quantity: 2 }] },
  {
    id: "5f0c6a3e-8d2b-4c1a-9e7f-0a1b2c3d4e5f",
    placed: "2026-11-29T10:00:00Z",
    lines: [{ sku: "ABC-1", quantity: 1 }],
    tags: ["a", "b"],
  },
  { id: "not-a-uuid", lines: [{ sku: "ABC-1", quantity: 2 }] },
  { id: "5f0c6a3e-8d2b-4c1a-9e7f-0a1b2c3d4e5f", lines: [] },
  { id: "5f0c6a3e-8d2b-4c1a-9e7f-0a1b2c3d4e5f", lines: [{ sku: "abc-1", quantity: 0 }] },
  { id: "5f0c6a3e-8d2b-4c1a-9e7f-0a1b2c3d4e5f", lines: [{ sku: "ABC-1", quantity: 1 }], tags: ["a", "a"] },
  { id: "5f0c6a3e-8d2b-4c1a-9e7f-0a1b2c3d4e5f", lines: [{ sku: "ABC-1", quantity: 1 }], extra: true },
  { id: "5f0c6a3e-8d2b-4c1a-9e7f-0a1b2c3d4e5f", placed: "yesterday", lines: [{ sku: "ABC-1", quantity: 1 }] },
  "an order",
  null,
];

describe("the validators target", () => {
  it("canary: ajv's standalone ES module code still calls require", () => {
    const ajv = createAjv("2020-12", {}, { warnings: [] });
    ajv.addSchema({ $id: "https://v.test/x", type: "string", minLength: 1, format: "date" });
    expect(standaloneCode(ajv, { validate: "https://v.test/x" })).toMatch(
      /require\("ajv\/dist\/runtime\/ucs2length"\)/,
    );
  });

  it("canary: ajv merges a referenced schema's errors by copying them all (concat)", () => {
    const ajv = createAjv("2020-12", { allErrors: true }, { warnings: [] });
    ajv.addSchema({
      $id: "https://v.test/x",
      type: "array",
      items: { $ref: "#/$defs/item" },
      $defs: { item: { type: "integer" } },
    });
    const code = standaloneCode(ajv, { validate: "https://v.test/x" });
    expect(code).toMatch(/vErrors\.concat\(validate\d+\.errors\)/);
    const repaired = appendErrorsInPlace(code);
    expect(repaired.replaced).toBeGreaterThan(0);
    expect(repaired.code).not.toContain(".concat(");
  });

  it("appends a referenced schema's errors in place: every error, in ajv's order", async () => {
    const { result, load } = await generateImportable({
      "src/list.yaml": "type: array\nitems: { $ref: '#/$defs/item' }\n$defs:\n  item: { type: integer, minimum: 0 }\n",
    });
    expect(result.files.get("validators/list.js")).not.toContain(".concat(");
    const all = (await load("validators/list.js"))["validate"]!;
    const data = Array.from({ length: 2_000 }, (_, i) => (i % 2 === 0 ? -1 : "x"));
    expect(all(data)).toBe(false);
    expect(all.errors).toHaveLength(2_000);
    expect(
      (all.errors as { instancePath: string; keyword: string }[]).slice(0, 2).map((e) => [e.instancePath, e.keyword]),
    ).toEqual([
      ["/0", "minimum"],
      ["/1", "type"],
    ]);
  });

  it("loads when a type name holds $, and keeps a contract named __proto__ in the registry", async () => {
    const { load, result } = await generateImportable({
      "src/a.yaml": "type: object\n$defs:\n  b: { x-charter-name: Foo$, type: string }\n",
      "src/__proto__.yaml": "type: string\n",
    });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(typeof (await load("validators/a.js"))["validateFoo$"]).toBe("function");
    const { registry } = (await load("validators/index.js")) as unknown as {
      registry: Record<string, { contract: string }>;
    };
    expect(Object.prototype.hasOwnProperty.call(registry, "__proto__")).toBe(true);
    expect(Object.keys(registry)).toContain("__proto__");
  });

  it("validates through the registry a top-level contract named index, whose modules sit beside the registry's", async () => {
    const { load } = await generateImportable({
      "src/index.yaml": "type: string\nminLength: 2\n",
      "src/b.yaml": "type: number\n",
    });
    const { registry } = (await load("validators/index.js")) as unknown as {
      registry: Record<string, { exportName: string; load: () => Promise<Record<string, (data: unknown) => boolean>> }>;
    };
    const entry = registry["index"]!;
    const validate = (await entry.load())[entry.exportName]!;
    expect([validate("ok"), validate("x"), validate(3)]).toEqual([true, false, false]);
  });

  it("replaces each helper and format ajv requires by a named import from the runtime package, and reports any other", () => {
    const repaired = replaceRequires(
      '"use strict";const a = require("ajv/dist/runtime/equal").default;const b = require("ajv/dist/runtime/equal").default;' +
        'const f = require("charter-runtime/formats").formats["date-time"];const g = require("charter-runtime/formats").formats.uri;' +
        'const h = require("charter-runtime/formats").formats;const l = require("ajv/dist/runtime/ucs2length").default;',
    );
    expect(repaired).toEqual({
      code: [
        'import { dateTime as __charter_dateTime, formats as __charter_formats, uri as __charter_uri } from "charter-runtime/formats";',
        'import { deepEqual as __charter_deepEqual, ucs2length as __charter_ucs2length } from "charter-runtime/helpers";',
        "const a = __charter_deepEqual;const b = __charter_deepEqual;const f = __charter_dateTime;const g = __charter_uri;const h = __charter_formats;const l = __charter_ucs2length;",
      ].join("\n"),
      unknown: [],
    });
    // A helper the runtime lacks is named, and left for the compiler to refuse the module.
    expect(replaceRequires('const u = require("ajv/dist/runtime/uri").default;').unknown).toEqual([
      'require("ajv/dist/runtime/uri").default',
    ]);
  });

  it("has a runtime export for every format ajv is given, named as the rewrite names it", async () => {
    const runtime = (await import("charter-runtime/formats")) as unknown as Record<string, unknown> & {
      formats: Record<string, unknown>;
    };
    const names = Object.keys(runtime.formats);
    expect(names.length).toBeGreaterThanOrEqual(26);
    expect(names.filter((name) => runtime[formatExportName(name)] !== runtime.formats[name])).toEqual([]);
  });

  it("writes modules that Node loads as ES modules and that answer as ajv.compile does on the same bundle", async () => {
    const { result, load } = await generateImportable(CONTRACT, { validation: ASSERT_FORMATS });
    expect(result.diagnostics).toEqual([]);
    expect(result.files.get("validators/order.js")).not.toContain("require(");
    const module = await load("validators/order.js");
    const reference = new Ajv2020({ strict: false, allErrors: true });
    (await import("ajv-formats")).default.default(reference);
    const expected = reference.compile(JSON.parse(result.files.get("schemas/order.schema.json")!));
    const answers = SAMPLES.map((sample) => module["validate"]!(sample));
    expect(answers).toEqual(SAMPLES.map((sample) => expected(sample)));
    expect(answers).toEqual([true, true, false, false, false, false, false, false, false, false]);
    // Called directly, every violation of a bad line, not only the first.
    module["validate"]!({ id: "x", lines: [{ sku: "abc", quantity: 0 }] });
    expect(module["validate"]!.errors!.length).toBe(3);
    expect(module["validateLine"]!({ sku: "ABC-9", quantity: 3 })).toBe(true);
    expect(module["validateLine"]!({ sku: "ABC-9" })).toBe(false);
  });

  it("load under plain Node too, not only under vitest's module loader", async () => {
    const out = await generateImportable(CONTRACT, { validation: ASSERT_FORMATS });
    const script = `import { validate } from "./validators/order.js"; console.log(JSON.stringify([${SAMPLES.map((s) => JSON.stringify(s)).join(",")}].map((d) => validate(d))));`;
    const runner = path.join(out.outDir, "run.mjs");
    writeFileSync(runner, script);
    const { execFileSync } = await import("node:child_process");
    const printed = execFileSync(process.execPath, [runner], { encoding: "utf8" });
    expect(JSON.parse(printed)).toEqual([true, true, false, false, false, false, false, false, false, false]);
  });

  it("types each export as a guard for the generated type", async () => {
    const { result } = await generateImportable(CONTRACT);
    const declarations = result.files.get("validators/order.d.ts")!;
    expect(declarations).toContain('import type { Line, Order } from "../types/order.js";');
    expect(declarations).toContain("export declare const validate: Validator<Order>;");
    expect(declarations).toContain("export declare const validateLine: Validator<Line>;");
  });

  it("compiles draft-04 contracts with ajv's draft-04 support", async () => {
    const { result, load } = await generateImportable({
      "src/old.json":
        '{"$schema": "http://json-schema.org/draft-04/schema#", "type": "number", "maximum": 3, "exclusiveMaximum": true}',
    });
    expect(result.diagnostics).toEqual([]);
    const old = await load("validators/old.js");
    expect([old["validate"]!(2), old["validate"]!(3)]).toEqual([true, false]);
  });

  it("warns once for each format charter-runtime does not know", async () => {
    const { result } = await generateImportable({
      "src/f.yaml":
        "$schema: http://json-schema.org/draft-07/schema#\nproperties:\n  a: {type: string, format: uint32}\n  b: {type: string, format: uint32}\n  c: {type: string, format: language}\n",
    });
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.message])).toEqual([
      ["CH701", "warning", 'format "uint32" is unknown to charter-runtime; the validator does not check it'],
      ["CH701", "warning", 'format "language" is unknown to charter-runtime; the validator does not check it'],
    ]);
  });

  it("bounds how deep ajv's first-error code nests: the fan-outs along a path add up, and definitions, functions of their own, start afresh", () => {
    const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, { type: "string" }]));
    expect(firstErrorNesting({ properties: many(3), allOf: [{}, { not: {} }], $defs: many(50) })).toEqual({
      nesting: 6,
      widest: 5,
    });
    expect(
      firstErrorNesting({ $defs: { wide: { properties: many(40), patternProperties: many(2), items: {} } } }),
    ).toEqual({ nesting: 43, widest: 43 });
    expect(firstErrorNesting({ prefixItems: [{}, {}], items: [{}], anyOf: [{ properties: many(7) }] })).toEqual({
      nesting: 11,
      widest: 7,
    });
    expect(firstErrorNesting({ properties: { a: { properties: many(10) }, b: {} } })).toEqual({
      nesting: 12,
      widest: 10,
    });
    expect(firstErrorNesting(true)).toEqual({ nesting: 0, widest: 0 });
  });

  it(
    "compiles an object of 3,000 properties into validators a client's Node loads and that judge it: ajv's first-error code would nest each in the one before, deeper than V8 parses",
    { timeout: 120_000 },
    async () => {
      const properties = Object.fromEntries(
        Array.from({ length: 3_000 }, (_, i) => [`p${i}`, { type: i % 2 === 0 ? "string" : "integer" }]),
      );
      const { result, load } = await generateImportable({
        "src/wide.json": JSON.stringify({ type: "object", properties, required: ["p2999"] }),
      });
      expect(result.diagnostics).toEqual([]);
      const { validate } = await load("validators/wide.js");
      expect([validate!({ p0: "a", p2999: 1 }), validate!({ p0: "a" })]).toEqual([true, false]);
      expect(validate!.errors).toMatchObject([{ keyword: "required" }]);
      // Called directly, every violation, not the first.
      expect(validate!({ p2: 1, p3: "x", p2999: 1 })).toBe(false);
      expect(validate!.errors!.map((e) => (e as { instancePath: string }).instancePath)).toEqual(["/p2", "/p3"]);
      expect(result.files.get("types/wide.ts")).toContain("p2999: number;");
    },
  );

  it("compiles a schema holding ajv's $async into synchronous validators, warning CH709 where it stands: a Promise would read as valid", async () => {
    const { result, load } = await generateImportable({
      "src/shared.yaml": "$async: true\ntype: string\n",
      "src/a.yaml":
        "$async: true\ntype: object\nrequired: [n]\nproperties:\n  n: { $async: true, type: integer }\n  s: { $ref: shared.yaml }\n",
    });
    expect(
      result.diagnostics.map(
        (d) => `${d.file?.split("/").pop()}:${d.line}:${d.column} ${d.severity} ${d.code} ${d.message.split(";")[0]}`,
      ),
    ).toEqual([
      "a.yaml:1:1 warning CH709 a document the contract embeds holds `$async`, ajv's keyword",
      "a.yaml:1:9 warning CH709 `$async` is ajv's keyword, not JSON Schema's",
      "a.yaml:5:16 warning CH709 `$async` is ajv's keyword, not JSON Schema's",
      "shared.yaml:1:9 warning CH709 `$async` is ajv's keyword, not JSON Schema's",
    ]);
    const a = await load("validators/a.js");
    expect([
      a["validate"]!({ n: 1, s: "x" }),
      a["validate"]!({ n: "1" }),
      a["validate"]!({}),
      a["validate"]!({ n: 1, s: 2 }),
    ]).toEqual([true, false, false, false]);
    // The published bundle is the author's schema, keyword and all.
    expect(JSON.parse(result.files.get("schemas/a.schema.json")!)).toMatchObject({ $async: true });
  });

  it("compiles a `$dynamicRef` under unevaluatedProperties, which ajv alone overflows its stack on, to the spec's verdicts (test suite unevaluatedProperties.json)", async () => {
    const schema = {
      $id: "https://example.com/derived",
      $ref: "./baseSchema",
      $defs: {
        derived: { $dynamicAnchor: "addons", properties: { bar: { type: "string" } } },
        baseSchema: {
          $id: "./baseSchema",
          unevaluatedProperties: false,
          properties: { foo: { type: "string" } },
          $dynamicRef: "#addons",
          $defs: { defaultAddons: { $dynamicAnchor: "addons" } },
        },
      },
    };
    const { result, load } = await generateImportable({ "src/x.json": JSON.stringify(schema) });
    expect(result.diagnostics).toEqual([]);
    const validate = (await load("validators/x.js"))["validate"]!;
    expect([
      validate({ foo: "foo", bar: "bar" }),
      validate({ foo: "foo", bar: "bar", baz: "baz" }),
      validate({ foo: "foo", bar: 1 }),
    ]).toEqual([true, false, false]);
    // The published bundle keeps the author's dynamic reference; only the validators read it resolved.
    expect(result.files.get("schemas/x.schema.json")).toContain('"$dynamicRef": "#addons"');
  });

  it("treats property names every object inherits (__proto__, toString, constructor) as data (test suite required.json, properties.json)", async () => {
    const { result, load } = await generateImportable({
      "src/r.json": JSON.stringify({ required: ["__proto__", "toString", "constructor"] }),
      // Text, not an object literal: in one, `__proto__:` would set the prototype instead of naming a property.
      "src/p.json":
        '{"properties": {"__proto__": {"type": "number"}, "toString": {"properties": {"length": {"type": "string"}}}, "constructor": {"type": "number"}}}',
    });
    expect(result.diagnostics).toEqual([]);
    const all = '{"__proto__": 12, "toString": {"length": "foo"}, "constructor": 37}';
    const required = (await load("validators/r.js"))["validate"]!;
    expect(
      ["{}", '{"__proto__": "foo"}', '{"toString": {"length": 37}}', '{"constructor": {"length": 37}}', all].map((d) =>
        required(JSON.parse(d)),
      ),
    ).toEqual([false, false, false, false, true]);
    const properties = (await load("validators/p.js"))["validate"]!;
    expect(
      ["{}", '{"__proto__": "foo"}', '{"toString": {"length": 37}}', '{"constructor": {"length": 37}}', all].map((d) =>
        properties(JSON.parse(d)),
      ),
    ).toEqual([true, false, false, false, true]);
  });

  it("compiles a bundle that carries its own copy of its dialect's meta-schema, and validates with that copy (AsyncAPI 3.x)", async () => {
    // The copy requires `title`, which the real draft-07 meta-schema does not: only the copy refuses `{}`.
    const source = [
      "$schema: http://json-schema.org/draft-07/schema#",
      "type: object",
      "properties:",
      "  payload: { $ref: 'http://json-schema.org/draft-07/schema#' }",
      "definitions:",
      "  meta:",
      "    $id: http://json-schema.org/draft-07/schema",
      "    type: [object, boolean]",
      "    required: [title]",
      "    properties:",
      "      title: { type: string }",
      "      minimum: { type: number }",
      "",
    ].join("\n");
    const { Ajv } = await import("ajv");
    const { parse } = await import("yaml");
    expect(() => new Ajv({ strict: false }).compile(parse(source))).toThrow(/resolves to more than one schema/);
    const { result, load } = await generateImportable({ "src/async.yaml": source });
    expect(result.diagnostics).toEqual([]);
    const { validate } = await load("validators/async.js");
    const payloads = [{ title: "t", minimum: 1 }, { title: "t", minimum: "one" }, {}, true];
    const reference = new Ajv({ strict: false, meta: false, validateSchema: false }).compile(parse(source));
    expect(payloads.map((payload) => validate!({ payload }))).toEqual([true, false, false, true]);
    expect(payloads.map((payload) => reference({ payload }))).toEqual([true, false, false, true]);
  });
});
