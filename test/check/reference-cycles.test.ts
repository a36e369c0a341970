/**
 * A `$ref` cycle through which a schema applies itself to the same value
 * (CH306): a contract of many definitions, one of them on such a cycle that
 * the root never applies to every value, is produced with a warning at the
 * cycle; values that never reach it get ajv's own verdicts, a value that does
 * gets the not-judged verdict. A cycle the root applies to every value stays
 * an error.
 */
import { symlinkSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { bindContracts, isTooDeep, type Registry } from "charter-runtime";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { compileTree } from "../helpers/compile-tree.js";
import { generateImportable } from "../helpers/generate-importable.js";
import { runCli } from "../helpers/run-cli.js";
import { tempTree } from "../helpers/temp-tree.js";

const DEFINITIONS = 150;

/** Lines of a contract with DEFINITIONS plain definitions, each behind a property, and the cyclic ones given. */
function storeSource(cyclic: string[]): string {
  const indices = Array.from({ length: DEFINITIONS }, (_, i) => i);
  return [
    "type: object",
    "properties:",
    ...indices.map((i) => `  p${i}: { $ref: '#/$defs/d${i}' }`),
    "  loop: { $ref: '#/$defs/loop' }",
    "$defs:",
    ...indices.map((i) => `  d${i}: { type: integer, minimum: ${i} }`),
    ...cyclic,
    "",
  ].join("\n");
}

const SELF = storeSource(["  loop:", "    description: applies itself", "    allOf: [{ $ref: '#/$defs/loop' }]"]);
const PAIR = storeSource([
  "  loop: { allOf: [{ $ref: '#/$defs/b' }], description: one of two }",
  "  b: { $ref: '#/$defs/loop' }",
]);

/** Values that never reach the cycle: valid and invalid ones. */
const UNREACHED: unknown[] = [{}, { p0: 0 }, { p3: 1 }, { p5: "x" }, 7, { p1: 1, p2: 2, p149: 149 }, { p149: 148 }];

/** Line and column of the `$ref` value on the line of `source` that holds `text`. */
function placeOf(source: string, text: string) {
  const lines = source.split("\n");
  const index = lines.findIndex((line) => line.includes(text));
  return { line: index + 1, column: lines[index]!.indexOf("'#", lines[index]!.indexOf(text)) + 1 };
}

describe.each([
  ["a definition whose allOf refers to itself", SELF, "allOf: [{ $ref: '#/$defs/loop' }]"],
  // Reported at the first $ref of the cycle in the order of pointers.
  ["two definitions that refer to each other", PAIR, "b: { $ref: '#/$defs/loop' }"],
])("a contract with %s, behind a property", (_, source, cycleLine) => {
  it("is produced, with one CH306 warning at the cycle's $ref and the cycle typed unknown", async () => {
    const { result, dir } = await generateImportable({ "src/store.yaml": source }, { typeCheck: true });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const cycles = result.diagnostics.filter((d) => d.code === "CH306");
    expect(cycles).toEqual([
      expect.objectContaining({
        severity: "warning",
        file: path.join(dir, "src", "store.yaml"),
        ...placeOf(source, cycleLine),
      }),
    ]);
    expect(cycles[0]!.message).toMatch(/a value that reaches it cannot be judged$/);
    expect(result.produced).toEqual(["store"]);
    expect(result.files.get("types/store.ts")).toMatch(/export type Loop = unknown;/);
  });

  it("judges values that never reach the cycle as ajv.compile does, and a value that reaches it as not judged", async () => {
    const { outDir } = await generateImportable({ "src/store.yaml": source });
    const module = (await import(pathToFileURL(path.join(outDir, "validators/index.js")).href)) as {
      registry: Registry;
    };
    const ajvValidate = new Ajv2020({ strict: false }).compile(parse(source) as object);
    for (const errors of ["first", "all"] as const) {
      const runtime = bindContracts(module.registry, { errors } as never);
      const verdicts = await Promise.all(UNREACHED.map(async (data) => (await runtime.validate("store", data)).ok));
      expect(verdicts).toEqual(UNREACHED.map((data) => ajvValidate(data)));
      expect(verdicts).toContain(true);
      expect(verdicts).toContain(false);
      for (const reaching of [{ loop: 1 }, { p0: 0, loop: {} }]) {
        const verdict = await runtime.validate("store", reaching);
        expect(verdict.ok).toBe(false);
        if (!verdict.ok) expect(isTooDeep(verdict.errors), JSON.stringify(verdict.errors)).toBe(true);
        await expect(runtime.isValid("store", reaching)).resolves.toBe(false);
      }
    }
  });
});

describe("a cycle of $ref alone, which ajv cannot compile", () => {
  it("is an error wherever it is, and the contract holding it is not produced", async () => {
    const source =
      "type: object\nproperties:\n  x: { $ref: '#/$defs/a' }\n$defs:\n  a: { $ref: '#/$defs/b' }\n  b: { $ref: '#/$defs/a' }\n";
    const tree = await compileTree({ "src/bad.yaml": source, "src/good.yaml": "type: string\n" });
    const cycles = tree.diagnostics.filter((d) => d.code === "CH306");
    expect(cycles.map((d) => [d.severity, d.line, d.column])).toEqual([["error", 5, 14]]);
    expect(cycles[0]!.message).toMatch(/only references, which ajv cannot compile$/);
    expect(tree.produced).toEqual(["good"]);
  });
});

describe("a cycle every value reaches", () => {
  it.each([
    [
      "through $ref and allOf",
      "$ref: '#/$defs/a'\n$defs:\n  a: { allOf: [{ $ref: '#/$defs/b' }] }\n  b: { $ref: '#/$defs/a' }\n",
    ],
    [
      "through a branch of anyOf, which ajv runs whichever branch passes",
      "anyOf: [{ type: string }, { $ref: '#/$defs/a' }]\n$defs:\n  a: { allOf: [{ $ref: '#/$defs/a' }] }\n",
    ],
    ["through not", "type: object\nnot: { $ref: '#' }\n"],
    [
      "through if",
      "if: { $ref: '#/$defs/a' }\nthen: { type: string }\n$defs:\n  a: { allOf: [{ $ref: '#/$defs/a' }] }\n",
    ],
  ])("%s is an error, and the contract is not produced", async (_, source) => {
    const tree = await compileTree({ "src/bad.yaml": source, "src/good.yaml": "type: string\n" });
    const cycles = tree.diagnostics.filter((d) => d.code === "CH306");
    expect(cycles.map((d) => d.severity)).toEqual(["error"]);
    expect(cycles[0]!.message).toMatch(/applied to every value/);
    expect(tree.produced).toEqual(["good"]);
  });

  it.each([
    [
      "behind then",
      "if: { type: string }\nthen: { $ref: '#/$defs/a' }\n$defs:\n  a: { allOf: [{ $ref: '#/$defs/b' }] }\n  b: { $ref: '#/$defs/a' }\n",
    ],
    [
      "behind a property, then a branch of anyOf",
      "properties:\n  x: { anyOf: [{ type: string }, { $ref: '#/$defs/a' }] }\n$defs:\n  a: { allOf: [{ $ref: '#/$defs/a' }] }\n",
    ],
    ["behind an item", "type: array\nitems: { $ref: '#/$defs/a' }\n$defs:\n  a: { allOf: [{ $ref: '#/$defs/a' }] }\n"],
    ["in a definition nothing refers to", "type: string\n$defs:\n  a: { not: { $ref: '#/$defs/a' } }\n"],
  ])("is not a cycle %s: a warning, and the contract is produced", async (_, source) => {
    const tree = await compileTree({ "src/ok.yaml": source });
    const cycles = tree.diagnostics.filter((d) => d.code === "CH306");
    expect(cycles.map((d) => d.severity)).toEqual(["warning"]);
    expect(tree.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(tree.produced).toEqual(["ok"]);
    // The probe of each kind of value meets the cycle on some, never on all.
    for (const probe of tree.diagnostics.filter((d) => d.code === "CH702"))
      expect(probe).toMatchObject({ severity: "warning", message: expect.stringMatching(/on some values/) });
  });
});

describe("the probe of each kind of value", () => {
  it("warns, at the contract, when only some kinds reach the cycle", async () => {
    const source =
      "if: { type: string }\nthen: { $ref: '#/$defs/a' }\n$defs:\n  a: { allOf: [{ $ref: '#/$defs/a' }] }\n";
    const tree = await compileTree({ "src/ok.yaml": source });
    const probes = tree.diagnostics.filter((d) => d.code === "CH702");
    expect(probes).toEqual([expect.objectContaining({ severity: "warning", line: 1, column: 1 })]);
    expect(probes[0]!.message).toMatch(
      /^the validator recurses without end on some values \(it overflowed its stack on ""\)/,
    );
  });
});

describe("charter on a contract with a self-applying definition", () => {
  it("generates it with a warning, and validate judges data that never reaches the cycle and reports the rest as not judged (exit 3)", async () => {
    const dir = tempTree({
      "schema-src/store.yaml": SELF,
      "data/good.json": '{"p0": 0}',
      "data/bad.json": '{"p3": 1}',
      "data/loop.json": '{"loop": 1}',
    });
    const generated = await runCli(["generate"], dir);
    expect(generated.code).toBe(0);
    expect(generated.stdout + generated.stderr).toMatch(/^schema-src\/store\.yaml:\d+:\d+: warning CH306 /m);
    symlinkSync(fileURLToPath(new URL("../../node_modules", import.meta.url)), path.join(dir, "node_modules"));
    const judged = await runCli(["validate", "store", "data/good.json", "data/loop.json"], dir);
    expect(judged.code).toBe(3);
    expect(judged.stdout).toMatch(/^data\/loop\.json:1:1: error CH804 .*CH306\); no verdict$/m);
    expect(judged.stdout).toContain("1 of 2 files satisfy store");
    expect((await runCli(["validate", "store", "data/bad.json", "data/loop.json"], dir)).code).toBe(1);
  });

  it("checks examples that never reach the cycle, and refuses one that does with a located CH702, without hanging", async () => {
    const withExamples = SELF.replace("type: object\n", "type: object\nexamples:\n  - { p0: 0 }\n  - { loop: 1 }\n");
    const tree = await compileTree({ "src/store.yaml": withExamples });
    const refused = tree.diagnostics.filter((d) => d.code === "CH702");
    expect(refused).toEqual([expect.objectContaining({ severity: "error", line: 4, column: 5 })]);
    expect(refused[0]!.message).toMatch(
      /recursed without end on this instance \(a schema applying itself to it: see CH306\)/,
    );
  });
});
