/**
 * The docs cite a member's source line; a JSON source is read by the loader's JSON scanner there,
 * not the YAML parser (src/cli/docs/read-docs-input.ts): both must give the same lines. A JSON
 * source without counterexamples is only scanned for its keys' lines (jsonKeyLines), which must
 * be the keys' lines of both readings.
 */
import { describe, expect, it } from "vitest";
import type { ParsedSource } from "../../src/core/parsed-source.js";
import { jsonKeyLines } from "../../src/compiler/load/json-key-lines.js";
import { parseJsonSource } from "../../src/compiler/load/parse-json-source.js";
import { MAX_DEPTH, parseSource } from "../../src/compiler/load/parse-source.js";

function lines(parsed: ParsedSource | undefined): Map<string, number> {
  const byPointer = new Map<string, number>();
  for (const [pointer, position] of parsed!.positions) byPointer.set(pointer, position.line);
  for (const [pointer, position] of parsed!.keyPositions) byPointer.set(pointer, position.line);
  return byPointer;
}

const TEXTS: [string, string][] = [
  [
    "nested objects and arrays",
    '{\n  "type": "object",\n  "properties": {\n    "a/b~c": { "type": "string" },\n    "list":\n      [1, {"x": true},\n       null]\n  },\n  "required": ["a/b~c"]\n}\n',
  ],
  ["escapes in keys and strings", '{"say \\"hi\\"": "a\\\\", "k": {"\\u0041": -1.5e3}}'],
  ["a byte order mark", '\ufeff{\n"a": [\n[],\n{}\n]\n}'],
  ["a scalar root", '\n\n"text"'],
];

describe("a JSON source's lines", () => {
  it.each(TEXTS)("%s: the JSON scanner's are the YAML parser's", (_, text) => {
    const json = lines(parseJsonSource(text, "a.json").parsed);
    expect(json.size).toBeGreaterThan(0);
    expect(json).toEqual(lines(parseSource(text, "a.json").parsed));
  });
});

describe("a JSON source's keys' lines, scanned", () => {
  it.each(TEXTS)("%s: the YAML parser's lines of the keys", (_, text) => {
    const parsed = parseSource(text, "a.json").parsed!;
    const keys = new Map([...parsed.keyPositions].map(([pointer, position]) => [pointer, position.line]));
    expect(jsonKeyLines(text)).toEqual(keys);
  });

  it("counts lines by line feeds, as the full reading does, whatever the line endings", () => {
    const text = '{\r\n"a": {\r\n"b": [\r\n{"c": 1}]},\r"d": 2}';
    const full = parseJsonSource(text, "a.json").parsed!;
    expect(jsonKeyLines(text)).toEqual(new Map([...full.keyPositions].map(([p, position]) => [p, position.line])));
    // A lone carriage return ends no line for either.
    expect([jsonKeyLines(text)!.get("/a/b/0/c"), jsonKeyLines(text)!.get("/d")]).toEqual([4, 4]);
  });

  it.each([
    ["a syntax error", '{"a": 1,}'],
    ["a comment", '{"a": 1 // one\n}'],
    ["nesting beyond what charter reads", "[".repeat(MAX_DEPTH + 2) + "]".repeat(MAX_DEPTH + 2)],
  ])("gives nothing for %s, which the full reading refuses", (_, text) => {
    expect(parseJsonSource(text, "a.json").parsed).toBeUndefined();
    expect(jsonKeyLines(text)).toBeUndefined();
  });
});
