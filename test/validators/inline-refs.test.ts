/**
 * Reference targets inlined at their uses (inline-refs.ts, inline-ref-keyword.ts): small ones
 * used a few times are, as ajv does by default; one whose copies would be large, or that has a
 * reference of its own, stays a function. The module with them inlined reports the same errors,
 * schema paths included, as the module with every target a function.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it, vi } from "vitest";
import { getAtPointer } from "../../src/core/json-pointer.js";
import { FIRST_ERROR_NESTING_LIMIT } from "../../src/targets/validators/first-error-nesting.js";
import { COPIED_SHARE, INLINE_BUDGET, inlinedTargets, SMALL_SCHEMA } from "../../src/targets/validators/inline-refs.js";
import { SCHEMASTORE, SCHEMASTORE_OPTIONS } from "../../scripts/schemastore-corpus.js";
import { generateImportable } from "../helpers/generate-importable.js";
import type { CompileOptions } from "../../src/pipeline/compile-options.js";

// The same pipeline with every target a function, for comparison (compiled on this thread: `jobs: 1`).
const inlining = vi.hoisted(() => ({ on: true }));
vi.mock("../../src/targets/validators/inline-refs.js", async (original) => {
  const actual = await original<typeof import("../../src/targets/validators/inline-refs.js")>();
  return {
    ...actual,
    inlinedTargets: (...args: Parameters<typeof actual.inlinedTargets>) => {
      const chosen = actual.inlinedTargets(...args);
      return inlining.on ? chosen : { ...chosen, targets: new Map() };
    },
  };
});

const hot = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`h${i}`, { $ref: "#/$defs/word" }]));
const SCHEMA = {
  type: "object",
  properties: {
    a: { $ref: "#/$defs/toggle" },
    b: { $ref: "#/$defs/toggle" },
    c: { oneOf: [{ $ref: "#/$defs/toggle" }, { $ref: "#/$defs/rule" }] },
    list: { type: "array", items: { $ref: "#/$defs/rule" } },
    never: { $ref: "#/$defs/nothing" },
    hot: { type: "object", properties: hot },
  },
  $defs: {
    toggle: { oneOf: [{ enum: ["enable", "disable"] }, { type: "boolean" }] },
    rule: {
      $ref: "#/$defs/ignorable",
      type: "object",
      properties: { level: { enum: ["error", "warning"] }, off: { $ref: "#/$defs/nothing" } },
    },
    ignorable: { type: "object", properties: { ignore: { type: "string" } }, not: { required: ["ignore", "x"] } },
    word: { type: "string", minLength: 2, maxLength: 40, pattern: "^[a-z]+$", format: "hostname" },
    nothing: false,
  },
};

const VALUES: unknown[] = [
  {},
  { a: "enable", b: true, c: { level: "error" }, list: [{}, { ignore: "x" }] },
  { a: "on", b: 1, c: "maybe", list: [{ level: "fatal" }, { ignore: 1, x: 2 }, 3] },
  { c: { level: 1, ignore: [] }, list: [{ ignore: "a", x: 1 }, { off: 0 }] },
  { never: 1, hot: { h0: "a", h1: "ab", h2: "A1", h19: 7 } },
  { a: null, b: [], c: null, list: {}, hot: [] },
  "not an object",
];

type Module = Record<string, ((data: unknown) => boolean) & { errors?: { schemaPath: string }[] | null }>;

async function build(on: boolean, files: Record<string, string>, options: Partial<CompileOptions> = {}) {
  inlining.on = on;
  try {
    const built = await generateImportable(files, { ...options, jobs: 1 });
    expect(built.result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    return built;
  } finally {
    inlining.on = true;
  }
}

/** Each value's errors from the module's export, as the module reports them. */
async function errorsOf(load: (file: string) => Promise<Module>, file: string, values: unknown[]) {
  const module = await load(file);
  // The contract's export (the module's other exports start with `__`).
  const validate = module[Object.keys(module).find((k) => !k.startsWith("__"))!]!;
  return values.map((value) => (validate(value) ? null : validate.errors));
}

describe("reference targets inlined at their uses", () => {
  it("canary: ajv gives an inlined target's errors the reference as written, a function's own relative to it", () => {
    const schema = {
      properties: { a: { $ref: "#/$defs/a" } },
      $defs: {
        a: { $ref: "#/$defs/b", properties: { x: { $ref: "#/$defs/c" } }, required: ["y"] },
        b: {},
        c: { type: "string" },
      },
    };
    const validate = new Ajv2020({ strict: false, allErrors: true }).compile(schema);
    validate({ a: { x: 1 } });
    // In a's function (a has a reference of its own), c inlined: the paths cannot tell the two apart.
    expect(validate.errors?.map((e) => e.schemaPath).sort()).toEqual(["#/$defs/c/type", "#/required"]);
  });

  it("chooses the small targets without references of their own, used within the budget", () => {
    const chosen = inlinedTargets(structuredClone(SCHEMA) as never, 0);
    expect([...chosen.targets.values()].sort()).toEqual(["/$defs/ignorable", "/$defs/toggle"]);
    // A boolean target, which ajv inlines whatever its options: each reference to it, with its place.
    expect([...chosen.booleans.values()]).toEqual(["/$defs/nothing", "/$defs/nothing"]);
    // 20 uses of `word` cost more than the budget: it stays a function.
    expect(20 * JSON.stringify(SCHEMA.$defs.word).length).toBeGreaterThan(INLINE_BUDGET);
  });

  it("counts a use of a target named through an alias (a schema that is a reference alone), as ajv copies it", () => {
    const word = { type: "string", minLength: 2 };
    const aliases = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`p${i}`, { $ref: "#/$defs/alias" }]));
    const schema = {
      properties: { ...aliases, direct: { $ref: "#/$defs/word" } },
      $defs: { word, alias: { $ref: "#/$defs/word" } },
    };
    // 61 uses of word (60 through the alias): over the budget; counted directly, it would have been 1.
    expect(61 * JSON.stringify(word).length).toBeGreaterThan(INLINE_BUDGET);
    expect([...inlinedTargets(schema as never, 0).targets.values()]).toEqual([]);
  });

  it("inlines nothing in a schema past SMALL_SCHEMA, or whose copies would pass COPIED_SHARE of it", () => {
    const large = structuredClone(SCHEMA) as Record<string, unknown>;
    large["description"] = "x".repeat(SMALL_SCHEMA);
    expect(inlinedTargets(large as never, 0).targets.size).toBe(0);
    // toggle's two copies beyond its first are most of this schema's text.
    const toggle = { oneOf: [{ enum: ["enable", "disable"] }, { type: "boolean" }] };
    const dense = { properties: { a: { $ref: "#/$defs/t" }, b: { $ref: "#/$defs/t" } }, $defs: { t: toggle } };
    expect(JSON.stringify(toggle).length).toBeGreaterThan(COPIED_SHARE * JSON.stringify(dense).length);
    expect(inlinedTargets(dense as never, 0).targets.size).toBe(0);
    const sparse = { ...dense, description: "y".repeat(1_000) };
    expect(inlinedTargets(sparse as never, 0).targets.size).toBe(1);
  });

  it("inlines nothing when a reference leads outside the schema, or the code could nest too deep", () => {
    const outside = structuredClone(SCHEMA) as Record<string, unknown>;
    (outside["properties"] as Record<string, unknown>)["meta"] = {
      $ref: "https://json-schema.org/draft/2020-12/schema",
    };
    expect(inlinedTargets(outside as never, 0).targets.size).toBe(0);
    expect(inlinedTargets(structuredClone(SCHEMA) as never, FIRST_ERROR_NESTING_LIMIT - 3).targets.size).toBe(0);
    expect(inlinedTargets(structuredClone(SCHEMA) as never, FIRST_ERROR_NESTING_LIMIT - 10).targets.size).toBe(2);
    expect(inlinedTargets(structuredClone(SCHEMA) as never, Infinity).targets.size).toBe(0);
  });

  it("reports the errors, schema paths included, of the module where every target is a function", async () => {
    const files = { "src/inline.json": JSON.stringify(SCHEMA) };
    const inlined = await build(true, files);
    const functions = await build(false, files);
    const code = inlined.result.files.get("validators/inline.js")!;
    const count = (text: string) => text.match(/^function validate\d+\(/gm)?.length ?? 0;
    // toggle and ignorable are no longer functions of their own; word and rule still are.
    expect(count(functions.result.files.get("validators/inline.js")!) - count(code)).toBe(2);
    expect(code).not.toContain("charter-inlined:");
    const ours = await errorsOf(inlined.load as never, "validators/inline.js", VALUES);
    const theirs = await errorsOf(functions.load as never, "validators/inline.js", VALUES);
    expect(ours).toEqual(theirs);
    const bundle = JSON.parse(readFileSync(path.join(inlined.outDir, "schemas/inline.schema.json"), "utf8")) as unknown;
    const paths = ours.flatMap((errors) => (errors ?? []).map((e) => e.schemaPath));
    // The inlined targets' own places, in the root's function and in rule's; a boolean target's, in rule's.
    expect(paths).toContain("#/$defs/toggle/oneOf");
    expect(paths).toContain("#/$defs/ignorable/properties/ignore/type");
    expect(paths).toContain("#/$defs/nothing");
    for (const p of paths) expect(getAtPointer(bundle, decodeURIComponent(p.slice(1))), p).not.toBeUndefined();
  });

  it("keeps yamllint's errors on its SchemaStore instances and their mutations (2020-12, unevaluatedProperties)", async () => {
    const files = { "src/yamllint.json": readFileSync(path.join(SCHEMASTORE, "yamllint.json"), "utf8") };
    const options = { baseUri: SCHEMASTORE_OPTIONS.baseUri, validation: SCHEMASTORE_OPTIONS.validation! };
    const inlined = await build(true, files, options);
    const functions = await build(false, files, options);
    const sizes = [inlined, functions].map((b) => b.result.files.get("validators/yamllint.js")!.length);
    // toggle's 23 copies: the module grew by 17 % (docs/decisions/003-validators.md).
    expect(sizes[0]).toBeLessThan(sizes[1]! * 1.2);
    const dir = path.join(SCHEMASTORE, "..", "test", "yamllint");
    const instances = readdirSync(dir).map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")) as unknown);
    expect(instances.length).toBeGreaterThan(5);
    // Each rule of each instance in turn a wrong toggle, a wrong rule, a rule that ignores wrongly.
    const wrong: unknown[] = ["on", { level: "fatal", extra: 1 }, { ignore: 1, "ignore-from-file": [2] }, null];
    const values = instances.flatMap((instance) => {
      const rules = Object.keys((instance as { rules?: object }).rules ?? {});
      return [
        instance,
        ...rules.flatMap((rule, i) => {
          const copy = structuredClone(instance) as { rules: Record<string, unknown> };
          copy.rules[rule] = wrong[i % wrong.length];
          return [copy];
        }),
      ];
    });
    const ours = await errorsOf(inlined.load as never, "validators/yamllint.js", values);
    expect(ours).toEqual(await errorsOf(functions.load as never, "validators/yamllint.js", values));
    const failed = ours.filter((errors) => errors !== null).length;
    expect(failed).toBeGreaterThan(10);
  });
});
