import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { statedPattern } from "../../src/targets/python/model-pattern.js";
import { pythonWithPydantic } from "./python-env.js";

const found = pythonWithPydantic();

// Patterns of every construct the models state, and some they must leave to the helper.
const PATTERNS = [
  "^a$",
  "^\\d+$",
  "^\\D$",
  "^[\\w-]+$",
  "^\\W$",
  "^a.c$",
  "^\\s+$",
  "^[\\s,]+$",
  "^\\S$",
  "\\bé",
  "a\\B",
  "^(?<major>\\d+)\\.(?:x|y)$",
  "^(?!no)[a-z]+$",
  "^[[&|~]+$",
  "^[^a-c]{2,3}?$",
  "^\\x41\\u00e9\\t$",
  "^[\\/\\-\\]]$",
  "b",
  "^$",
];
const STRINGS = ["a", "a\n", "12", "١٢", "é", "aé", "a-b_", "abc", "a\rc", "a\u2028c", " \ufeff", "\u001c", "\u0085"];
const MORE = ["3.x", "12.y", "no", "yes", "[&|~", "dd", "ddd", "Aé\t", "/", "-", "]", "ab", ",", ""];

describe.skipIf("missing" in found)(`patterns in the models ${"missing" in found ? found.missing : ""}`, () => {
  it("match in Python's re exactly what they match in ECMA-262 with the u flag", () => {
    const stated = PATTERNS.map((p) => [p, statedPattern(p)] as const);
    const python = stated.flatMap(([p, s]) => ("python" in s ? [[p, s.python] as const] : []));
    expect(python.length).toBe(PATTERNS.length);
    const texts = [...STRINGS, ...MORE];
    const run = spawnSync(
      (found as { python: string }).python,
      [
        "-W",
        "error",
        "-c",
        "import json, re, sys\nc = json.load(sys.stdin)\nprint(json.dumps([[re.compile(p).search(t) is not None for t in c['texts']] for p in c['patterns']]))",
      ],
      { input: JSON.stringify({ patterns: python.map(([, s]) => s), texts }), encoding: "utf8" },
    );
    expect(run.stderr).toBe("");
    const verdicts = JSON.parse(run.stdout) as boolean[][];
    const ecma = python.map(([p]) => texts.map((t) => new RegExp(p, "u").test(t)));
    expect(verdicts).toEqual(ecma);
  });

  it("leave to the helper what Python's re reads otherwise", () => {
    for (const p of [
      "(?<=a)b",
      "(?<!a)b",
      "(a)\\1",
      "\\k<x>(?<x>a)",
      "\\p{L}",
      "[\\D]",
      "[\\W]",
      "[\\S]",
      "\\0",
      "\\cJ",
      "[^]",
      "[]",
      "[a--b]",
      "\\u{1F600}",
      "\\ud83d\\ude00",
    ])
      expect(["reason", p], p).toEqual(["reason" in statedPattern(p) ? "reason" : "python", p]);
  });
});
