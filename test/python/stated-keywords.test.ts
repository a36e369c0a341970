import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { keywordVerdicts, pyrightErrors, type KeywordFixture } from "./keyword-fixtures.js";
import { pythonWithPydantic } from "./python-env.js";

const found = pythonWithPydantic();
const D2020 = "$schema: https://json-schema.org/draft/2020-12/schema";
const D07 = "$schema: http://json-schema.org/draft-07/schema#";

// Each contract's invalid instances are written after its valid ones; `rejects` counts those the bare model must refuse.
const FIXTURES: (KeywordFixture & { rejects: unknown[] })[] = [
  {
    contract: "patterns",
    source: [
      D2020,
      "type: object",
      "properties:",
      "  digits: { type: string, pattern: '^\\d+$' }",
      "  word: { type: string, pattern: '^[\\w-]+$' }",
      "  dot: { type: string, pattern: '^a.c$' }",
      "  named: { type: string, pattern: '^(?<major>[0-9]+)\\.x$' }",
      "  spaced: { type: string, pattern: '^\\s+$' }",
      "  ahead: { type: string, pattern: '^(?!no)[a-z]+$' }",
      "  behind: { type: string, pattern: '(?<=a)b' }",
      "  bounded: { type: string, pattern: '\\bé' }",
      "  classy: { type: string, pattern: '^[[&|~]+$' }",
      "  anywhere: { type: string, pattern: 'b' }",
      "",
    ].join("\n"),
    instances: [
      { digits: "12", word: "a-b_1", dot: "abc", named: "3.x", anywhere: "abc", classy: "[&|~" },
      // ECMA's `\s` takes U+FEFF, Python's does not; `\b` is ASCII in ECMA-262.
      { spaced: " \ufeff", ahead: "yes", behind: "ab", bounded: "aé" },
      { digits: "12\n" },
      { digits: "١٢" },
      { word: "é" },
      { dot: "a\rc" },
      { named: "x.x" },
      { anywhere: "acd" },
      { classy: "a" },
      { spaced: "a" },
      { ahead: "nope" },
      { spaced: "\u001c" },
      { behind: "b" },
      { bounded: "é" },
    ],
    rejects: [
      { digits: "12\n" },
      { digits: "١٢" },
      { word: "é" },
      { dot: "a\rc" },
      { named: "x.x" },
      { anywhere: "acd" },
      { classy: "a" },
      { spaced: "a" },
      { ahead: "nope" },
      { spaced: "\u001c" },
      { bounded: "é" },
    ],
  },
  {
    contract: "tuples",
    source: [
      D2020,
      "type: object",
      "properties:",
      "  pair: { type: array, prefixItems: [{ type: string }, { type: integer }], items: false }",
      "  full: { type: array, prefixItems: [{ type: string }, { type: integer }], items: false, minItems: 2 }",
      "  open: { type: array, prefixItems: [{ type: string }], items: { type: boolean } }",
      "  loose: { type: array, prefixItems: [{ type: string }] }",
      "",
    ].join("\n"),
    instances: [
      { pair: [], full: ["a", 1], open: ["a", true, false], loose: ["a", 1, null] },
      { pair: ["a"], open: [] },
      { pair: ["a", 1.0] },
      { pair: ["a", 1, 2] },
      { pair: [1] },
      { full: ["a"] },
      { open: ["a", 1] },
      { open: [null] },
      { loose: [1] },
    ],
    rejects: [{ pair: ["a", 1, 2] }, { pair: [1] }, { full: ["a"] }, { open: ["a", 1] }, { open: [null] }],
  },
  {
    contract: "old_tuples",
    source: [D07, "type: array", "items: [{ type: string }, { enum: [1, 2] }]", "additionalItems: false", ""].join(
      "\n",
    ),
    instances: [[], ["a"], ["a", 2], ["a", 2.0], ["a", 3], ["a", 1, 1], [1]],
    rejects: [["a", 3], ["a", 1, 1], [1]],
  },
  {
    contract: "numbers",
    source: [
      D2020,
      "type: object",
      "properties:",
      "  version: { const: 2 }",
      "  level: { enum: [0, 1, -1, 'auto', null] }",
      "  flag: { const: true }",
      "  ratio: { enum: [0.5, 1] }",
      "  count: { type: integer }",
      "  size: { type: number }",
      "",
    ].join("\n"),
    instances: [
      { version: 2, level: 0, flag: true, ratio: 0.5, count: 1e20, size: 1 },
      // JSON.stringify writes 1e21 so, a float to Python: an integer to JSON Schema all the same.
      { version: 2.0, level: -1, count: 1e21, size: 1e300 },
      { level: -0 },
      { level: "auto" },
      { level: null },
      { version: 3 },
      { version: "2" },
      { level: 2 },
      { level: 0.5 },
      { ratio: 2 },
      // Lax `Literal`s: JSON's `true` passes `Literal[1]`, which the schema refuses.
      { level: true },
      { count: "1" },
      { count: true },
      { count: 1.5 },
      { size: "1" },
      { size: false },
    ],
    rejects: [
      { version: 3 },
      { version: "2" },
      { level: 2 },
      { level: 0.5 },
      { count: "1" },
      { count: true },
      { count: 1.5 },
      { size: "1" },
      { size: false },
    ],
  },
];

describe.skipIf("missing" in found)(
  `patterns, tuples and numeric literals in the Python models ${"missing" in found ? found.missing : ""}`,
  () => {
    it("are stated where Python reads them as ECMA-262 and JSON Schema do, and agree with ajv", async () => {
      const { verdicts, packageDir } = await keywordVerdicts((found as { python: string }).python, FIXTURES);
      const show = (v: { contract: string; value: unknown }) => `${v.contract} ${JSON.stringify(v.value)}`;
      expect(verdicts.filter((v) => v.ajv && !v.model).map(show)).toEqual([]);
      expect(verdicts.filter((v) => v.helper !== v.ajv).map(show)).toEqual([]);
      const refused = verdicts.filter((v) => !v.model).map(show);
      expect(refused).toEqual(FIXTURES.flatMap((f) => f.rejects.map((value) => show({ contract: f.contract, value }))));
      // Every instance after a contract's valid ones is invalid: the test can fail both ways.
      expect(verdicts.filter((v) => !v.ajv).length).toBe(32);
      expect(pyrightErrors(packageDir)).toEqual([]);
      const patterns = readFileSync(path.join(packageDir, "fx", "patterns.py"), "utf8");
      expect(patterns).toContain('pattern=re.compile("^[0-9]+\\\\Z")');
      expect(patterns).toMatch(/behind: .* # pattern checked by validate\(\): a lookbehind/);
    }, 120_000);
  },
);
