import { readFileSync } from "node:fs";
import { describe, expect, expectTypeOf, it } from "vitest";
import { registry } from "../../generated/validators/index.js";
import type { CharterConfig } from "../../generated/types/charter/config.js";
import type { Tolerances } from "../../generated/types/evaluation/manifest.js";
import {
  bindContracts,
  ContractViolation,
  isTooDeep,
  TOO_DEEP_KEYWORD,
  type LoadedContract,
  type Registry,
} from "charter-runtime";
import { generateImportable } from "../helpers/generate-importable.js";
// The rules the reference contracts declare and JSON Schema cannot state, as the downstream
// client in examples/typed-client registers them.
import { rules } from "../../examples/typed-client/src/rules.js";

// This repository's own generated tree: the runtime as a downstream client uses it.
const charter = bindContracts(registry, { rules });

describe("the runtime, bound to a generated tree", () => {
  it("lists the contracts and definitions it can check, with their digests", () => {
    // Every contract of schema-src/ and each exported definition, sorted.
    expect(charter.contracts()).toEqual(Object.keys(registry).sort());
    expect(charter.contracts()).toEqual(
      expect.arrayContaining([
        "agent/result",
        "agent/result#/$defs/outcome",
        "charter/config",
        "charter/config#/$defs/relativePath",
        "tasks/action",
      ]),
    );
    expect(charter.digestOf("charter/config")).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it("runs the rule a contract declares beyond its schema: a suspended result resumes after its creation", async () => {
    const suspended = {
      invocation_id: "019374d2-4a1c-7b3e-8f00-2c5d6e7f8a9d",
      invocation_created_at: "2026-11-30T09:17:00Z",
      outcome: "suspended",
      problem: { type: "about:blank", title: "Accepted", status: 202 },
      resume_after: "2026-11-30T10:00:00Z",
    };
    expect(await charter.validate("agent/result", suspended)).toEqual({ ok: true, value: suspended });
    const early = await charter.validate("agent/result", { ...suspended, resume_after: "2026-11-30T09:00:00Z" });
    expect(early.ok).toBe(false);
    if (!early.ok)
      expect(early.errors).toEqual([
        expect.objectContaining({
          keyword: "x-charter-rules",
          pointer: "/resume_after",
          message: expect.stringContaining("later than its `invocation_created_at`"),
        }),
      ]);
  });

  it("checks a separate document against a named definition of a contract: a case's tolerances against the evaluation set's", async () => {
    const tolerances = await charter.validate("evaluation/manifest#/$defs/tolerances", {
      compare: "numeric",
      relative: 0.01,
    });
    expect(tolerances).toEqual({ ok: true, value: { compare: "numeric", relative: 0.01 } });
    if (tolerances.ok) expectTypeOf(tolerances.value).toEqualTypeOf<Tolerances>();
    const unbounded = await charter.validate("evaluation/manifest#/$defs/tolerances", { compare: "numeric" });
    expect(unbounded.ok).toBe(false);
    if (!unbounded.ok) expect(unbounded.errors.map((e) => e.keyword)).toContain("anyOf");
  });

  it("returns the typed value for valid data", async () => {
    const result = await charter.validate("charter/config", { source: "schema-src", typeNames: "short" });
    expect(result).toEqual({ ok: true, value: { source: "schema-src", typeNames: "short" } });
    if (result.ok) expectTypeOf(result.value).toEqualTypeOf<CharterConfig>();
  });

  it("returns every violation, ordered by place in the data and then in the schema", async () => {
    const result = await charter.validate("charter/config", { typeNames: "long", source: "", out: 3, extra: true });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => [e.pointer, e.keyword, e.schemaPath])).toEqual([
      ["", "additionalProperties", "#/additionalProperties"],
      ["/out", "type", "#/$defs/relativePath/type"],
      ["/source", "minLength", "#/$defs/relativePath/minLength"],
      ["/typeNames", "oneOf", "#/properties/typeNames/oneOf"],
      ["/typeNames", "enum", "#/properties/typeNames/oneOf/0/enum"],
      ["/typeNames", "type", "#/properties/typeNames/oneOf/1/type"],
    ]);
    expect(result.errors[4]!.message).toBe("must be equal to one of the allowed values");
  });

  it("checks an exported definition by its pointer", async () => {
    expect(await charter.isValid("charter/config#/$defs/relativePath", "a/b")).toBe(true);
    expect(await charter.isValid("charter/config#/$defs/relativePath", "")).toBe(false);
  });

  it("throws one ContractViolation with every violation and the contract's digest", async () => {
    const failure = await charter
      .assertValid("charter/config", { out: 1, baseUri: 2 })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ContractViolation);
    const violation = failure as ContractViolation;
    expect(violation.digest).toBe(charter.digestOf("charter/config"));
    expect(violation.errors.map((e) => e.pointer)).toEqual(["/baseUri", "/out"]);
    expect(violation.message).toMatch(/^data does not satisfy charter\/config \(2 violations\)/);
  });

  it("checks synchronously once a contract is loaded", async () => {
    // An assertion function must be reached through an annotated name; the annotation is checked against load's type.
    const config: LoadedContract<CharterConfig> = await charter.load("charter/config");
    const data: unknown = { out: "generated" };
    config.assertValid(data);
    expectTypeOf(data).toEqualTypeOf<CharterConfig>();
    expect(config.validate({ out: "" }).ok).toBe(false);
  });

  it("reads the bundled schema of a contract, and of the contract holding a definition", async () => {
    const bundle = JSON.parse(
      readFileSync(new URL("../../generated/schemas/charter/config.schema.json", import.meta.url), "utf8"),
    ) as unknown;
    expect(await charter.schemaOf("charter/config")).toEqual(bundle);
    expect(await charter.schemaOf("charter/config#/$defs/relativePath")).toBe(await charter.schemaOf("charter/config"));
  });

  it("reports only the first violation when asked, from the one module, which a module without the cap also serves", async () => {
    const first = bindContracts(registry, { errors: "first", rules });
    const result = await first.validate("charter/config", { typeNames: "long", source: "", out: 3, extra: true });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toHaveLength(1);
    expect(await first.isValid("charter/config", { out: "o" })).toBe(true);

    const loads: string[] = [];
    const entry = {
      contract: "c",
      digest: "sha256:0",
      exportName: "validate",
      rules: {},
      load: async () => (
        loads.push("fast"),
        {
          validate: Object.assign(() => false, {
            errors: [{ instancePath: "/a", schemaPath: "#/x", keyword: "x", params: {} }],
          }),
        }
      ),
      loadSchema: async () => ({ default: {} }),
    };
    // Calls that overlap must not read each other's errors.
    const shared = bindContracts(registry, { errors: "first", rules });
    const [bad, good] = await Promise.all([
      shared.validate("charter/config", { out: 3 }),
      shared.validate("charter/config", { out: "o" }),
    ]);
    expect([bad.ok, good.ok]).toEqual([false, true]);
    await expect(
      Promise.all([shared.assertValid("charter/config", { out: 3 }), shared.assertValid("charter/config", {})]),
    ).rejects.toThrow("data does not satisfy");

    const runtime = bindContracts({ c: entry } as Registry, { errors: "first" });
    expect(await runtime.validate("c", 1)).toEqual({
      ok: false,
      errors: [{ pointer: "/a", keyword: "x", message: "x", schemaPath: "#/x", params: {} }],
    });
    expect(loads).toEqual(["fast"]);
  });

  it("refuses a contract it does not know", async () => {
    await expect(charter.validate("nope" as "charter/config", {})).rejects.toThrow(
      `unknown contract "nope"; known: ${Object.keys(registry).sort().join(", ")}`,
    );
  });

  it("loads nothing until a contract is used, and each contract once", async () => {
    const loads: string[] = [];
    const entry = (name: string) => ({
      contract: name,
      digest: "sha256:0",
      exportName: "validate",
      load: async () => (loads.push(name), { validate: Object.assign((d: unknown) => d === name, { errors: null }) }),
      rules: {},
      loadSchema: async () => ({ default: {} }),
    });
    const many: Registry = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`c${i}`, entry(`c${i}`)]));
    const runtime = bindContracts(many);
    expect(loads).toEqual([]);
    await runtime.isValid("c7", "c7");
    await runtime.isValid("c7", "x");
    expect((await runtime.validate("c7", "c7")).ok).toBe(true);
    expect(loads).toEqual(["c7"]);
    await runtime.validate("c7", "x");
    await runtime.validate("c8", "y");
    expect(loads).toEqual(["c7", "c8"]);
  });
});

describe("data too deep for the validator", () => {
  // A recursive contract: each level of the data is one more call of its validator.
  const nested = (depth: number, leaf: unknown) => {
    let value = leaf;
    for (let i = 0; i < depth; i++) value = [value];
    return value;
  };

  it("gets a verdict of its own kind, not an exception: not judged, and not accepted", async () => {
    const { load } = await generateImportable({ "src/tree.yaml": "type: array\nitems: { $ref: '#' }\nmaxItems: 2\n" });
    const { registry: tree } = (await load("validators/index.js")) as unknown as { registry: Registry };
    const deep = nested(200_000, []);
    for (const errors of ["all", "first"] as const) {
      // The depth limit off: this is the backstop for what it does not catch.
      const runtime = bindContracts(tree, { errors, maxDepth: Infinity });
      const result = await runtime.validate("tree", deep);
      expect(result).toEqual({
        ok: false,
        errors: [
          {
            pointer: "",
            keyword: TOO_DEEP_KEYWORD,
            message:
              "is too deep to judge: the validator ran out of call stack (data nested deeper than the schema can follow, a string too long for a backtracking pattern, or a value that reaches a schema applying itself to it, CH306)",
            schemaPath: "#",
            params: {},
          },
        ],
      });
      expect(!result.ok && isTooDeep(result.errors)).toBe(true);
      expect(await runtime.isValid("tree", deep)).toBe(false);
      await expect(runtime.assertValid("tree", deep)).rejects.toMatchObject({
        name: "ContractViolation",
        errors: [expect.objectContaining({ keyword: TOO_DEEP_KEYWORD })],
      });
      const loaded = await runtime.load("tree");
      const sync = loaded.validate(deep);
      expect(!sync.ok && isTooDeep(sync.errors)).toBe(true);
      expect(loaded.isValid(deep)).toBe(false);
      // Checked at once, invalid data and data too deep each get their own verdict.
      const fresh = bindContracts(tree, { errors, maxDepth: Infinity });
      const [invalidAtOnce, deepAtOnce] = await Promise.all([
        fresh.validate("tree", [1, [], []]),
        fresh.validate("tree", deep),
      ]);
      expect(!invalidAtOnce.ok && isTooDeep(invalidAtOnce.errors)).toBe(false);
      expect(!deepAtOnce.ok && isTooDeep(deepAtOnce.errors)).toBe(true);
      // The same binding still judges what it can: shallow valid and invalid data.
      expect(await runtime.validate("tree", nested(3, []))).toEqual({ ok: true, value: nested(3, []) });
      const invalid = await runtime.validate("tree", [1, [], []]);
      expect(!invalid.ok && !isTooDeep(invalid.errors) && invalid.errors.map((e) => e.keyword)).toEqual(
        errors === "all" ? ["maxItems", "type"] : ["maxItems"],
      );
    }
  });

  it("covers a string too long for a backtracking pattern under RegExp, which runs out of stack too", async () => {
    const { load } = await generateImportable({ "src/word.yaml": "type: string\npattern: '^(?:a|b)*$'\n" });
    const { registry } = (await load("validators/index.js")) as unknown as { registry: Registry };
    const runtime = bindContracts(registry);
    const result = await runtime.validate("word", "ab".repeat(5_000_000));
    expect(!result.ok && isTooDeep(result.errors)).toBe(true);
    expect(await runtime.validate("word", "abba")).toEqual({ ok: true, value: "abba" });
  });
});
