import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { uri, uriReference } from "../../packages/runtime/src/formats.js";
import { ECMA_MODULE } from "../../src/targets/python/ecma-module.js";
import { tempTree } from "../helpers/temp-tree.js";
import { pythonWithPydantic } from "./python-env.js";

const found = pythonWithPydantic();

// Patterns and texts where Python's `re` and ECMA-262 part (the corpus's appsettings and global among them).
const PATTERNS: [string, string][] = [
  ["^a$", "a\n"],
  ["^\\d+$", "١٢"],
  ["^\\d+$", "12"],
  ["^(?<x>a)|b$", "b"],
  ["^(?<y>a)\\k<y>$", "aa"],
  ["^.$", "\r"],
  ["^[\\w-]+$", "é"],
  ["^[\\w-]+$", "a-b"],
  ["^[[a]$", "["],
  ["^\\u{1F600}$", "😀"],
  ["^[^]$", "\n"],
  ["^\\cJ$", "\n"],
  ["^\\s$", "\ufeff"],
  ["^\\s$", "\u001c"],
  ["^[\\s]$", "\u0085"],
  ["^\\S$", "\u0085"],
  ["\\bé", "aé"],
  ["\\bé", "é"],
  ["a\\B", "ab"],
];
const URIS = ["https://a.b/c?d#e", "none", "a:b", "http://[::1]:80/", "http://x y", "//host/p", "#frag", 'a"b', "urn:"];

describe.skipIf("missing" in found)(`the helpers' ECMA reading ${"missing" in found ? found.missing : ""}`, () => {
  it("matches patterns and URIs as JavaScript and charter-runtime do", () => {
    const dir = tempTree({ "_ecma.py": ECMA_MODULE });
    const script = [
      "import json, re, sys",
      "from _ecma import python_pattern, uri_like",
      "cases = json.load(sys.stdin)",
      "print(json.dumps([re.search(python_pattern(p), t) is not None for p, t in cases['patterns']]))",
      "print(json.dumps([[uri_like(u, False), uri_like(u, True)] for u in cases['uris']]))",
      // jsonschema joins patternProperties' keys with "|": two that name one group must still compile.
      "re.compile('|'.join(python_pattern(p) for p in ['^a:(?<n>x)$', '^b:(?<n>y)\\\\k<n>$', '^c:(?<n>y)\\\\k<n>$']))",
    ].join("\n");
    const run = spawnSync((found as { python: string }).python, ["-W", "error", "-c", script], {
      cwd: dir,
      input: JSON.stringify({ patterns: PATTERNS, uris: URIS }),
      encoding: "utf8",
      env: { ...process.env, PYTHONDONTWRITEBYTECODE: "1", PYTHONPATH: dir },
    });
    expect(run.stderr).toBe("");
    const [patterns, uris] = run.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as unknown);
    expect(patterns).toEqual(PATTERNS.map(([p, t]) => new RegExp(p, "u").test(t)));
    expect(uris).toEqual(URIS.map((u) => [uri(u), uriReference(u)]));
  });
});
