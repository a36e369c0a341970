import { describe, expect, it } from "vitest";
import { loadSource } from "../../src/compiler/load/load-source.js";
import { parseJsonSource } from "../../src/compiler/load/parse-json-source.js";
import { parseSource } from "../../src/compiler/load/parse-source.js";
import { tempTree } from "../helpers/temp-tree.js";
import path from "node:path";

describe("parseSource refuses what has no single JSON meaning", () => {
  const cases: [string, string, string, number, number][] = [
    // [case, source, code, line, column]
    ["duplicate key", "type: object\ntitle: a\ntitle: b\n", "CH103", 3, 1],
    ["custom tag", "type: object\ndescription: !include other.md\n", "CH104", 2, 14],
    ["binary tag", "type: string\ndefault: !!binary aGk=\n", "CH104", 2, 19],
    ["infinity", "type: number\nmaximum: .inf\n", "CH106", 2, 10],
    ["two documents", "type: object\n---\ntype: string\n", "CH107", 2, 1],
    ["syntax error", "type: object\nproperties: {a: [}\n", "CH102", 2, 18],
    ["non-scalar key", "? [a, b]\n: 1\n", "CH106", 1, 3],
    ["one key written twice, once quoted", 'properties:\n  1: {}\n  "1": {}\n', "CH103", 3, 3],
    ["merge key", "base: &b {required: [id]}\nitem: {<<: *b}\n", "CH112", 2, 8],
    ["alias inside the node it names", "a: &x {b: *x}\n", "CH105", 1, 11],
    ["nesting beyond the limit", "a: " + "[".repeat(600) + "]".repeat(600) + "\n", "CH111", 1, 504],
  ];
  it.each(cases)("%s", (_, source, code, line, column) => {
    const result = parseSource(source, "s.yaml");
    expect(result.parsed).toBeUndefined();
    expect(result.diagnostics[0]).toMatchObject({ code, file: "s.yaml", line, column });
  });

  it("stops an alias bomb instead of expanding it", () => {
    const levels = ["a: &a [x, x, x, x, x, x, x, x, x, x]"];
    for (let i = 1; i < 9; i++) {
      const prev = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      levels.push(
        `${name}: &${name} [${Array(10)
          .fill("*" + prev)
          .join(", ")}]`,
      );
    }
    const result = parseSource(`default:\n  ${levels.join("\n  ")}\n`, "bomb.yaml");
    expect(result.parsed).toBeUndefined();
    expect(result.diagnostics[0]?.code).toBe("CH105");
  });
});

describe("parseSource keeps what later stages need", () => {
  it("records the position of every node by JSON pointer", () => {
    const { parsed } = parseSource("type: object\nproperties:\n  name:\n    $ref: '#/$defs/n'\n", "s.yaml");
    expect(parsed!.positions.get("/properties/name/$ref")).toEqual({ line: 4, column: 11 });
    expect(parsed!.positions.get("/type")).toEqual({ line: 1, column: 7 });
  });

  it("keeps a __proto__ property as data, not as a prototype", () => {
    const { parsed } = parseSource("properties:\n  __proto__: {type: string}\n", "s.yaml");
    const properties = (parsed!.value as Record<string, Record<string, unknown>>)["properties"]!;
    expect(Object.keys(properties)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
    expect(JSON.stringify(parsed!.value)).toBe('{"properties":{"__proto__":{"type":"string"}}}');
  });

  it("keeps keys apart by their text, so 0x1 and 1 are two keys", () => {
    const { parsed, diagnostics } = parseSource("properties:\n  0x1: {}\n  1: {}\n", "s.yaml");
    expect(diagnostics).toEqual([]);
    expect(Object.keys((parsed!.value as Record<string, object>)["properties"]!).sort()).toEqual(["0x1", "1"]);
  });

  it("warns, once per value, when an integer has no exact double", () => {
    const { parsed, diagnostics } = parseSource("maximum: 9007199254740993\nminimum: 9007199254740992\n", "s.yaml");
    expect(parsed!.value).toEqual({ maximum: 9007199254740992, minimum: 9007199254740992 });
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: "CH110",
        severity: "warning",
        line: 1,
        column: 10,
        message: "integer 9007199254740993 has no exact double; it is written as 9007199254740992",
      }),
    ]);
  });

  it("keeps the text of a numeric key", () => {
    const { parsed } = parseSource("properties:\n  200: {}\n  1.0: {}\n", "s.yaml");
    expect(Object.keys((parsed!.value as Record<string, object>)["properties"]!)).toEqual(["200", "1.0"]);
  });

  it("reads CRLF, LF and a byte-order mark alike", () => {
    const lf = parseSource("title: a\ndescription: |\n  one\n  two\n", "s.yaml").parsed!.value;
    const crlf = parseSource("\ufefftitle: a\r\ndescription: |\r\n  one\r\n  two\r\n", "s.yaml").parsed!.value;
    expect(crlf).toEqual(lf);
  });

  it("expands a small alias", () => {
    const { parsed } = parseSource("$defs:\n  a: &s {type: string}\n  b: *s\n", "s.yaml");
    expect(parsed!.value).toEqual({ $defs: { a: { type: "string" }, b: { type: "string" } } });
  });

  it("reads an alias as the last node before it with that anchor, as YAML says", () => {
    const text = "a: &x 1\nb: *x\nc: &x 2\nd: *x\ne: [&y {k: *x}, *y]\n";
    expect(parseSource(text, "s.yaml").parsed!.value).toEqual({ a: 1, b: 1, c: 2, d: 2, e: [{ k: 2 }, { k: 2 }] });
  });

  it("expands 20,000 aliases, each to its node (one walk of the document finds them all)", () => {
    const text = "a: &a {x: 1}\nlist:\n" + "  - *a\n".repeat(20_000);
    const value = parseSource(text, "s.yaml").parsed!.value as { list: unknown[] };
    expect(value.list).toHaveLength(20_000);
    expect(value.list.every((item) => JSON.stringify(item) === '{"x":1}')).toBe(true);
  });
});

describe("parseJsonSource", () => {
  const bad: [string, string, string, number, number][] = [
    ["duplicate key", '{"type": "object",\n "type": "string"}', "CH103", 2, 2],
    ["comment", '{"type": "object" // no\n}', "CH102", 1, 19],
    ["trailing comma (at the comma)", '{"type": "object",}', "CH102", 1, 18],
    ["unclosed", '{"type": "object"', "CH102", 1, 18],
    ["empty", "", "CH102", 1, 1],
    ["number beyond double range", '{"maximum": 1e400}', "CH106", 1, 13],
    ["nesting beyond the limit", '{"a":'.repeat(600) + "1" + "}".repeat(600), "CH111", 1, 2506],
    ["nesting beyond what the parser can read", "[".repeat(50_000) + "]".repeat(50_000), "CH111", 1, 502],
  ];
  it.each(bad)("refuses %s", (_, text, code, line, column) => {
    const result = parseJsonSource(text, "s.json");
    expect(result.parsed).toBeUndefined();
    expect(result.diagnostics[0]).toMatchObject({ code, file: "s.json", line, column });
  });

  it("warns when an integer has no exact double", () => {
    const result = parseJsonSource('{"const": 12345678901234567890}', "s.json");
    expect(result.parsed!.value).toEqual({ const: 12345678901234567000 });
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ code: "CH110", severity: "warning", line: 1, column: 11 }),
    ]);
  });

  it("gives the same value and positions as the YAML reader", () => {
    const text = '{\n  "title": "t",\n  "properties": {"__proto__": {"enum": [1, 2.5, null, true]}, "b": {}}\n}\n';
    const json = parseJsonSource(text, "s.json").parsed!;
    const yaml = parseSource(text, "s.json").parsed!;
    expect(JSON.stringify(json.value)).toBe(JSON.stringify(yaml.value));
    expect([...json.positions]).toEqual([...yaml.positions]);
    expect([...json.keyPositions]).toEqual([...yaml.keyPositions]);
    expect(json.keyPositions.get("/properties/b")).toEqual({ line: 3, column: 63 });
  });
});

describe("loadSource", () => {
  it("refuses a top level that is not a schema", async () => {
    const dir = tempTree({ "list.yaml": "- a\n- b\n", "empty.yaml": "# nothing\n" });
    const list = await loadSource(path.join(dir, "list.yaml"));
    expect(list.diagnostics[0]).toMatchObject({ code: "CH109", line: 1, column: 1 });
    const empty = await loadSource(path.join(dir, "empty.yaml"));
    expect(empty.diagnostics[0]?.code).toBe("CH109");
  });
});

describe("nesting the YAML parser itself cannot read", () => {
  it("is the nesting error, where the parser gave out (which depends on the stack), not a stack overflow", () => {
    for (const source of [
      "a: " + "[".repeat(20_000) + "]".repeat(20_000) + "\n",
      Array.from({ length: 5_000 }, (_, i) => " ".repeat(i) + "k:").join("\n") + " 1\n",
    ]) {
      const result = parseSource(source, "s.yaml");
      expect(result.parsed).toBeUndefined();
      expect(result.diagnostics).toEqual([
        expect.objectContaining({
          code: "CH111",
          file: "s.yaml",
          message: expect.stringContaining("too deep for the YAML parser to read"),
        }),
      ]);
    }
  });
});
