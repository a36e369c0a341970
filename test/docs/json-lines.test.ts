/** The lines of a JSON source by one pass: the same as the YAML parser gives of it, or nothing. */
import { describe, expect, it } from "vitest";
import { jsonLines } from "../../src/cli/docs/json-lines.js";
import { parseSource } from "../../src/compiler/load/parse-source.js";

function yamlLines(text: string): Map<string, number> {
  const parsed = parseSource(text, "a.json").parsed!;
  const lines = new Map<string, number>();
  for (const [pointer, position] of parsed.positions) lines.set(pointer, position.line);
  for (const [pointer, position] of parsed.keyPositions) lines.set(pointer, position.line);
  return lines;
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

describe("jsonLines", () => {
  it.each(TEXTS)("%s: the YAML parser's lines", (_, text) => {
    expect(jsonLines(text)).toEqual(yamlLines(text));
  });

  it("gives nothing for what is not plain JSON", () => {
    expect(jsonLines('{ "a": 1, }')).toBeUndefined();
    expect(jsonLines('// note\n{ "a": 1 }')).toBeUndefined();
    expect(jsonLines("a: 1\n")).toBeUndefined();
  });
});
