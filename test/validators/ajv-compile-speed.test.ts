/**
 * Two changes to how ajv compiles, made for speed alone: its optimizer's count of the names in
 * the generated code (codegen-names.ts) and its URI resolver, each answer kept
 * (memo-uri-resolver.ts). Each must leave every byte of the code as ajv's own would make it.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { CodeGen, ValueScope, _, type Name } from "ajv/dist/compile/codegen/index.js";
import type { UriResolver } from "ajv/dist/types/index.js";
import { describe, expect, it, vi } from "vitest";
import { ajvNames, countNamesInLinearTime, linearNames } from "../../src/targets/validators/codegen-names.js";
import { memoUriResolver } from "../../src/targets/validators/memo-uri-resolver.js";
import { compileValidator, type ValidatorTask } from "../../src/targets/validators/compile-validator.js";
import { dialectOf, DEFAULT_DIALECT } from "../../src/schema/dialect.js";
import { DEFAULT_VALIDATION } from "../../src/settings/validation.js";
import { SCHEMASTORE } from "../../scripts/schemastore-corpus.js";

// ajv's own resolver in place of the kept answers, when the test asks for ajv as it is.
const resolver = vi.hoisted(() => ({ memo: true }));
vi.mock("../../src/targets/validators/memo-uri-resolver.js", async (original) => {
  const actual = await original<typeof import("../../src/targets/validators/memo-uri-resolver.js")>();
  const require = (await import("node:module")).createRequire(import.meta.url);
  const fastUri = (require("ajv/dist/runtime/uri") as { default: UriResolver }).default;
  return { memoUriResolver: () => (resolver.memo ? actual.memoUriResolver() : fastUri) };
});

const fastUri = (createRequire(import.meta.url)("ajv/dist/runtime/uri") as { default: UriResolver }).default;

type Names = Record<string, number>;
type Counted = { names: Names; nodes?: Counted[]; else?: Counted };

/** A block of every kind ajv's optimizer meets, names shared between levels, with constants and dead variables. */
function everyKindOfBlock(gen = new CodeGen(new ValueScope({ scope: {} }))): { root: Counted; nested: Counted[] } {
  const data = gen.const("data", _`input`);
  gen.const("dead", _`2`);
  const once = gen.const("once", _`1`, true);
  const limit = gen.const("limit", _`10`, true);
  gen.func(gen.name("check"), _`${data}`, false, () => {
    const valid = gen.let("valid", true);
    gen.if(_`${data} > ${limit}`);
    gen.assign(valid, false);
    gen.elseIf(_`${data} === ${once}`);
    gen.label(gen.name("outer"));
    gen.forRange("i", 0, limit, (i: Name) => {
      gen.if(_`${i} === ${data}`, () => gen.break());
      gen.forOf("item", _`${data}.list`, (item: Name) => {
        gen.forIn("key", item, (key: Name) => gen.if(_`${key} === ${i}`, () => gen.add(valid, _`1`)));
      });
    });
    gen.else();
    gen.for(_`let j = 0; j < ${limit}; j++`, () => gen.code(_`${valid}++`));
    gen.endIf();
    gen.try(
      () => gen.code(_`${data}.call()`),
      (e: Name) => gen.throw(_`${e}`),
      () => gen.assign(valid, _`${valid} && ${data}`),
    );
    gen.return(valid);
  });
  const root = (gen as unknown as { _root: Counted })._root;
  const nested: Counted[] = [];
  const visit = (node: Counted) => {
    for (const child of [...(node.nodes ?? []), ...(node.else ? [node.else] : [])]) {
      if (child.nodes) nested.push(child);
      visit(child);
    }
  };
  visit(root);
  return { root, nested };
}

const sorted = (names: Names) => Object.fromEntries(Object.entries(names).sort(([a], [b]) => (a < b ? -1 : 1)));
const BLOCK = Object.getPrototypeOf(Object.getPrototypeOf(everyKindOfBlock().root)) as object;
const countBy = (getter: () => Names) => Object.defineProperty(BLOCK, "names", { get: getter, configurable: true });

/** A contract of the corpus that references nothing outside itself, as a validator task. */
function corpusTask(file: string): ValidatorTask | undefined {
  const text = readFileSync(path.join(SCHEMASTORE, file), "utf8");
  if (/"\$ref"\s*:\s*"(?!#)/.test(text)) return undefined;
  const schema = JSON.parse(text) as Record<string, unknown>;
  const dialect = (typeof schema.$schema === "string" ? dialectOf(schema.$schema) : undefined) ?? DEFAULT_DIALECT;
  const id = `https://example.test/${file}`;
  const rooted = { ...schema, [dialect === "draft-04" ? "id" : "$id"]: id };
  return {
    id,
    dialect,
    schema: rooted as ValidatorTask["schema"],
    file: `/src/${file}`,
    exports: [{ exportName: "validate", pointer: "", typeName: undefined, ref: id }],
    policy: { ...DEFAULT_VALIDATION.defaults, formats: "assert" },
    instances: [],
  };
}

describe("ajv's compilation, made faster, makes the same code", () => {
  it("counts each name of a tree of every kind of block as ajv's optimizer does", () => {
    const { root, nested } = everyKindOfBlock();
    expect(nested.length).toBeGreaterThan(8);
    for (const block of [root, ...nested]) {
      countBy(ajvNames);
      const ajv = sorted(block.names);
      countBy(linearNames);
      expect(sorted(block.names)).toEqual(ajv);
    }
    // Names used at several depths add up across them.
    countBy(linearNames);
    expect(Object.values(root.names).some((count) => count > 3)).toBe(true);
  });

  it("optimizes a tree to the same code as ajv's own count", () => {
    const render = (getter: () => Names) => {
      countBy(getter);
      const gen = new CodeGen(new ValueScope({ scope: {} }), { lines: true });
      everyKindOfBlock(gen);
      gen.optimize();
      return gen.toString();
    };
    const ajv = render(ajvNames);
    expect(render(linearNames)).toBe(ajv);
    // The optimizer did something: the unused variable is gone, the constant used once inlined.
    expect(ajv).not.toMatch(/dead|once/);
    expect(ajv).toMatch(/data0 === 1\b/);
  });

  it("keeps fast-uri's answers, and hands out components that serialize as fast-uri's", () => {
    const memo = memoUriResolver();
    const uris = ["https://a.test/x/y.json#/$defs/z", "y.json", "#frag", "../up/z.json?q=1#/a", "urn:uuid:1234", ""];
    for (const base of uris)
      for (const ref of uris) {
        expect(memo.resolve(base, ref)).toBe(fastUri.resolve(base, ref));
        expect(memo.resolve(base, ref)).toBe(fastUri.resolve(base, ref));
      }
    for (const uri of uris) {
      const component = memo.parse(uri);
      expect(component).toEqual(fastUri.parse(uri));
      expect(memo.parse(uri)).toBe(component);
      expect(memo.serialize(component)).toBe(fastUri.serialize(fastUri.parse(uri)));
      expect(memo.serialize(component)).toBe(fastUri.serialize(component));
      // Serializing changed nothing a later caller reads.
      expect(component).toEqual(fastUri.parse(uri));
    }
  });

  it("compiles contracts of the corpus to the same module as ajv as it is", () => {
    countNamesInLinearTime();
    const files = readdirSync(SCHEMASTORE)
      .filter((f) => f.endsWith(".json"))
      .sort();
    // Spread over the corpus, and its most deeply nested contracts among them.
    const tasks = [...files.filter((_, i) => i % 45 === 0), "tsconfig.json", "partial-eslint-plugins.json"]
      .map(corpusTask)
      .filter((task) => task !== undefined);
    let compiled = 0;
    for (const task of tasks) {
      countBy(ajvNames);
      resolver.memo = false;
      const ajv = compileValidator(task);
      countBy(linearNames);
      resolver.memo = true;
      const faster = compileValidator(task);
      expect(faster, task.file).toEqual(ajv);
      if (ajv.module) compiled++;
    }
    expect(compiled).toBeGreaterThan(8);
  });
});
