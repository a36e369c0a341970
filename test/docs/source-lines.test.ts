/**
 * The docs cite a member's source line; a JSON source is read by the loader's JSON scanner there,
 * not the YAML parser (src/cli/docs/read-docs-input.ts): both must give the same lines.
 */
import { describe, expect, it } from "vitest";
import type { ParsedSource } from "../../src/core/parsed-source.js";
import { parseJsonSource } from "../../src/compiler/load/parse-json-source.js";
import { parseSource } from "../../src/compiler/load/parse-source.js";

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
