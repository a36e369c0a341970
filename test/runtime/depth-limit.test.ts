/**
 * The depth limit (`maxDepth`): where a validator follows its schema's references back to itself
 * into data nested deeper than the limit, the data is one violation TOO_DEEP_KEYWORD at the first
 * value beyond it, through every entry point; data the validator does not follow that deep, and
 * every contract without a reference cycle, get the validator's own verdict.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  bindContracts,
  ContractViolation,
  DEFAULT_MAX_DEPTH,
  isTooDeep,
  TOO_DEEP_KEYWORD,
  type Registry,
  type Violation,
} from "charter-runtime";
import { registry as repository } from "../../generated/validators/index.js";
import { rules } from "../../examples/typed-client/src/rules.js";
import { generateImportable } from "../helpers/generate-importable.js";

const SOURCES = {
  // Recursive: each level of the data is one more call of the validator.
  "src/tree.yaml":
    "type: object\nproperties:\n  name: { type: string }\n  children: { type: array, items: { $ref: '#' } }\n",
  "src/map.yaml": "type: object\nadditionalProperties: { $ref: '#' }\n",
  // No reference cycle: the validator looks two levels into the data, however deep it goes.
  "src/shallow.yaml": "type: array\nitems: { type: array, maxItems: 1 }\n",
  // A root without a cycle, and a definition with one.
  "src/doc.yaml":
    "type: object\nproperties:\n  title: { type: string }\n$defs:\n  node:\n    type: object\n    additionalProperties: { $ref: '#/$defs/node' }\n",
};

/** The generated tree of SOURCES (in a temporary directory, removed after each test). */
async function generated(): Promise<{ registry: Registry; outDir: string }> {
  const { outDir, result } = await generateImportable(SOURCES);
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  const module = (await import(pathToFileURL(path.join(outDir, "validators/index.js")).href)) as { registry: Registry };
  return { registry: module.registry, outDir };
}

/** `levels` objects of the tree contract, each the only child of the one above: depth 2 × levels − 1. */
function chain(levels: number): unknown {
  let value: unknown = { name: "leaf" };
  for (let i = 1; i < levels; i++) value = { name: `n${i}`, children: [value] };
  return value;
}

/**
 * The pointer of the first node of `chain` deeper than `limit`: nodes lie at odd depths, their
 * `children` arrays at even ones, and the validator calls itself for each node, where it checks.
 */
function chainPointer(limit: number): string {
  const depth = limit % 2 === 0 ? limit + 1 : limit + 2;
  return "/children/0".repeat((depth - 1) / 2);
}

const beyond = (pointer: string, limit: number): Violation => ({
  pointer,
  keyword: TOO_DEEP_KEYWORD,
  message: `is nested deeper than the depth limit of ${limit} levels, so it was not judged; raise the limit with bindContracts(registry, { maxDepth }) (charter validate --max-depth N), or turn it off with maxDepth: Infinity`,
  schemaPath: "#",
  params: { limit },
});

/** What every entry point says of `data`: validate, isValid and assertValid, then the same of the loaded contract. */
async function everyEntryPoint(registry: Registry, options: object, name: string, data: unknown) {
  const runtime = bindContracts(registry, options as never);
  const thrown = (run: () => unknown) => {
    try {
      run();
      return undefined;
    } catch (error) {
      return error;
    }
  };
  const asserted = await runtime.assertValid(name, data).then(
    () => undefined,
    (error: unknown) => error,
  );
  const loaded = await runtime.load(name);
  return {
    validate: await runtime.validate(name, data),
    isValid: await runtime.isValid(name, data),
    assertValid: asserted,
    loadedValidate: loaded.validate(data),
    loadedIsValid: loaded.isValid(data),
    loadedAssertValid: thrown(() => loaded.assertValid(data)),
  };
}

function expectNotJudged(verdicts: Awaited<ReturnType<typeof everyEntryPoint>>, expected: Violation) {
  expect(verdicts.validate).toEqual({ ok: false, errors: [expected] });
  expect(verdicts.loadedValidate).toEqual({ ok: false, errors: [expected] });
  expect([verdicts.isValid, verdicts.loadedIsValid]).toEqual([false, false]);
  for (const error of [verdicts.assertValid, verdicts.loadedAssertValid]) {
    expect(error).toBeInstanceOf(ContractViolation);
    expect((error as ContractViolation).errors).toEqual([expected]);
  }
  if (!verdicts.validate.ok) expect(isTooDeep(verdicts.validate.errors)).toBe(true);
}

describe("the validator modules", () => {
  it("export the depth limit exactly where a validator can call itself with the data", async () => {
    const { outDir } = await generated();
    const guarded = (stem: string) =>
      readFileSync(path.join(outDir, `validators/${stem}`), "utf8").includes("export const __charterDepth = ");
    expect(["tree", "map", "doc", "shallow"].map((stem) => [stem, guarded(`${stem}.js`)])).toEqual([
      ["tree", true],
      ["map", true],
      // The root of doc has no cycle, its exported definition has one: one module holds both.
      ["doc", true],
      ["shallow", false],
    ]);
    expect(readFileSync(path.join(outDir, "validators/tree.d.ts"), "utf8")).toContain(
      "export declare const __charterDepth: { limit: number; at: string };\n",
    );
    expect(readFileSync(path.join(outDir, "validators/shallow.d.ts"), "utf8")).not.toContain("__charterDepth");
    // This repository: only charter/source, which extends the 2020-12 meta-schema, recurses.
    const root = path.resolve("generated/validators");
    const modules = readdirSync(root, { recursive: true, encoding: "utf8" }).filter(
      (file) => file.endsWith(".js") && file !== "index.js",
    );
    expect(
      modules.filter((file) => readFileSync(path.join(root, file), "utf8").includes("throw __charterDepth")).sort(),
    ).toEqual(["charter/source.js"]);
  });

  it("behave as ajv's when called without the runtime, before and after the runtime used them", async () => {
    const { registry, outDir } = await generated();
    const module = (await import(pathToFileURL(path.join(outDir, "validators/tree.js")).href)) as {
      validate: (data: unknown) => boolean;
      __charterDepth: { limit: number };
    };
    expect(module.__charterDepth.limit).toBe(Infinity);
    expect(module.validate(chain(40))).toBe(true);
    expect(await bindContracts(registry, { maxDepth: 5 }).validate("tree", chain(40))).toEqual({
      ok: false,
      errors: [beyond(chainPointer(5), 5)],
    });
    expect(module.__charterDepth.limit).toBe(Infinity);
    expect(module.validate(chain(40))).toBe(true);
  });
});

describe("data nested deeper than maxDepth against a recursive contract", () => {
  it.each(["all", "first"] as const)(
    "is one violation at the first value beyond the limit, from every entry point (errors: %s)",
    async (errors) => {
      const { registry } = await generated();
      expectNotJudged(
        await everyEntryPoint(registry, { maxDepth: 5, errors }, "tree", chain(4)),
        beyond("/children/0/children/0/children/0", 5),
      );
      // At the limit itself, the validator judges: valid, and invalid with the validator's own violations.
      expect((await everyEntryPoint(registry, { maxDepth: 5, errors }, "tree", chain(3))).validate).toEqual({
        ok: true,
        value: chain(3),
      });
      const invalid = await everyEntryPoint(registry, { maxDepth: 5, errors }, "tree", {
        children: [{ children: [{ name: 1 }] }],
      });
      expect(!invalid.validate.ok && invalid.validate.errors.map((e) => [e.pointer, e.keyword])).toEqual([
        ["/children/0/children/0/name", "type"],
      ]);
    },
  );

  it("points at the first value found too deep in document order, its pointer escaped", async () => {
    const { registry } = await generated();
    const runtime = bindContracts(registry, { maxDepth: 4 });
    const data = {
      name: "a",
      children: [{ name: "b" }, { children: [{ children: [{}] }] }, { children: [{ children: [{ children: [] }] }] }],
    };
    expect(await runtime.validate("tree", data)).toEqual({ ok: false, errors: [beyond("/children/1/children/0", 4)] });
    const keyed = { plain: {}, "a/b": { "c~d": { "e~/f": { deeper: {} } } } };
    expect(await bindContracts(registry, { maxDepth: 3 }).validate("map", keyed)).toEqual({
      ok: false,
      errors: [beyond("/a~1b/c~0d/e~0~1f", 3)],
    });
    expect(await bindContracts(registry, { maxDepth: 1 }).validate("map", { a: {} })).toEqual({
      ok: false,
      errors: [beyond("/a", 1)],
    });
    // A scalar at the top is depth 0, an object or array depth 1: the smallest limit still judges `{}`.
    expect(await bindContracts(registry, { maxDepth: 1 }).validate("map", {})).toEqual({ ok: true, value: {} });
  });

  it(`has a default of ${DEFAULT_MAX_DEPTH} levels, below where this repository's recursive contract runs out of stack`, async () => {
    const { registry } = await generated();
    expect(DEFAULT_MAX_DEPTH).toBe(128);
    expect(await bindContracts(registry).validate("tree", chain(64))).toEqual({ ok: true, value: chain(64) });
    expect(await bindContracts(registry).validate("tree", chain(65))).toEqual({
      ok: false,
      errors: [beyond(chainPointer(128), 128)],
    });
    expect(chainPointer(128)).toBe("/children/0".repeat(64));
    // charter/source, where each level of the data is several validator calls, judges data at the
    // default limit with the limit turned off, in both error modes: the default is not above what it can follow.
    const nested = (leaf: object) => {
      let value: unknown = leaf;
      for (let depth = 1; depth < DEFAULT_MAX_DEPTH; depth++) value = { not: value };
      return value;
    };
    const [valid, invalid] = [nested({}), nested({ type: 3 })];
    for (const errors of ["all", "first"] as const) {
      const unlimited = bindContracts(repository, { rules, errors, maxDepth: Infinity });
      expect(await unlimited.validate("charter/source", valid)).toEqual({ ok: true, value: valid });
      // Invalid at the deepest level: the validator follows the data all the way down, and says where.
      const judged = await unlimited.validate("charter/source", invalid);
      expect(
        !judged.ok &&
          !isTooDeep(judged.errors) &&
          judged.errors.every((e) => e.pointer.startsWith("/not".repeat(DEFAULT_MAX_DEPTH - 1) + "/type")),
      ).toBe(true);
      expect(await bindContracts(repository, { rules, errors }).validate("charter/source", { not: valid })).toEqual({
        ok: false,
        errors: [beyond("/not".repeat(DEFAULT_MAX_DEPTH), DEFAULT_MAX_DEPTH)],
      });
    }
  });

  it("is judged where the validator does not follow the data: deep members of an open node are not refused", async () => {
    const { registry } = await generated();
    let free: unknown = { leaf: true };
    for (let i = 0; i < 10_000; i++) free = { free };
    const data = { name: "root", children: [{ name: "child", extra: free }], extra: [free] };
    for (const errors of ["all", "first"] as const) {
      expect(await bindContracts(registry, { maxDepth: 3, errors }).validate("tree", data)).toEqual({
        ok: true,
        value: data,
      });
      // Invalid where the validator does follow: its own verdict, not the limit's.
      const invalid = { ...data, children: [{ name: 1, extra: free }] };
      const judged = await bindContracts(registry, { maxDepth: 3, errors }).validate("tree", invalid);
      expect(!judged.ok && judged.errors.map((e) => [e.pointer, e.keyword])).toEqual([["/children/0/name", "type"]]);
    }
  });

  it("is not checked with maxDepth: Infinity: the validator judges, and the stack overflow is the backstop", async () => {
    const { registry } = await generated();
    const runtime = bindContracts(registry, { maxDepth: Infinity });
    expect(await runtime.validate("tree", chain(200))).toEqual({ ok: true, value: chain(200) });
    const overflow = await runtime.validate("tree", chain(100_000));
    expect(!overflow.ok && overflow.errors).toEqual([
      expect.objectContaining({ pointer: "", keyword: TOO_DEEP_KEYWORD, params: {} }),
    ]);
  });

  it("gets a verdict, never an exception, for a value 20,000 levels of allOf deep, from every contract of this repository", async () => {
    let deep: unknown = {};
    for (let i = 0; i < 20_000; i++) deep = { allOf: [deep] };
    for (const errors of ["all", "first"] as const) {
      const verdicts = await everyEntryPoint(repository, { rules, errors }, "charter/source", deep);
      expectNotJudged(verdicts, beyond("/allOf/0".repeat(64), DEFAULT_MAX_DEPTH));
      const runtime = bindContracts(repository, { rules, errors });
      for (const name of Object.keys(repository) as (keyof typeof repository)[]) {
        const result = await runtime.validate(name, deep);
        expect(typeof result.ok).toBe("boolean");
        expect(typeof (await runtime.isValid(name, deep))).toBe("boolean");
      }
    }
  });
});

describe("a contract without a reference cycle", () => {
  it("has nothing checked: a value 1,000,000 deep gets the validator's own verdict, read as far as the schema goes", async () => {
    const { registry } = await generated();
    let reads = 0;
    const watched = Object.defineProperty({}, "watched", {
      enumerable: true,
      get: () => {
        reads++;
        return 1;
      },
    });
    let deep: unknown = [watched];
    for (let i = 0; i < 1_000_000; i++) deep = [deep];
    for (const errors of ["all", "first"] as const) {
      const runtime = bindContracts(registry, { errors, maxDepth: 2 });
      expect((await runtime.validate("shallow", deep)).ok).toBe(true);
      expect(await runtime.isValid("shallow", deep)).toBe(true);
      const invalid = await runtime.validate("shallow", [[deep, deep]]);
      expect(!invalid.ok && invalid.errors.map((e) => [e.pointer, e.keyword])).toEqual([["/0", "maxItems"]]);
      // The root of doc has no cycle, its definition has one.
      expect(await runtime.validate("doc", { title: "t", extra: deep })).toEqual({
        ok: true,
        value: { title: "t", extra: deep },
      });
      expect(await runtime.validate("doc#/$defs/node", { a: { b: {} } })).toEqual({
        ok: false,
        errors: [beyond("/a/b", 2)],
      });
    }
    expect(reads).toBe(0);
  });
});

describe("the maxDepth option", () => {
  it("is a positive integer or Infinity; anything else throws when binding, naming what it got", async () => {
    const { registry } = await generated();
    for (const bad of [0, -1, 1.5, NaN, -Infinity, 2 ** 53, "10", null]) {
      expect(() => bindContracts(registry, { maxDepth: bad as number })).toThrow(
        /^charter runtime: maxDepth must be a positive integer \(levels of nested objects and arrays\) or Infinity \(no limit\), got /,
      );
    }
    expect(() => bindContracts(registry, { maxDepth: "10" as unknown as number })).toThrow(/got "10"$/);
    expect(() => bindContracts(registry, { maxDepth: 1.5 })).toThrow(/got 1\.5$/);
    for (const good of [1, 128, 1_000_000, Infinity, undefined])
      expect(() => bindContracts(registry, good === undefined ? {} : { maxDepth: good })).not.toThrow();
  });
});
