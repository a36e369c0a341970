import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { tempTree } from "../helpers/temp-tree.js";

/** The CH102 lines `generate` prints for one source. */
async function syntaxErrors(file: string, text: string): Promise<string[]> {
  const result = await runCli(["generate"], tempTree({ [`schema-src/${file}`]: text }));
  expect(result.code).toBe(1);
  return result.stdout.split("\n").filter((line) => line.includes(" CH102 "));
}

describe("one diagnostic per syntax error", () => {
  it("JSON: a missing bracket is one error at its cause, not a cascade of four", async () => {
    expect(
      await syntaxErrors("e.json", '{\n  "type": "object",\n  "required": ["id",\n  "properties": {}\n}\n'),
    ).toEqual(["schema-src/e.json:4:15: error CH102 JSON syntax error: comma expected"]);
  });

  it("JSON: a trailing comma is named as such, at the comma", async () => {
    expect(await syntaxErrors("c.json", '{\n  "type": "object",\n  "required": ["id",  ]\n}\n')).toEqual([
      "schema-src/c.json:3:20: error CH102 JSON syntax error: a trailing comma; JSON allows none before } or ]",
    ]);
  });

  it("YAML: an unclosed flow collection is one error", async () => {
    expect(
      await syntaxErrors("f.yaml", "type: object\nproperties:\n  id: { type: string\n  name: { type: string }\n"),
    ).toEqual([
      "schema-src/f.yaml:4:3: error CH102 Flow map in block collection must be sufficiently indented and end with a }",
    ]);
  });

  it("YAML: a line indented too deep is reported on that line, not at the end of the one above", async () => {
    expect(
      await syntaxErrors("g.yaml", "type: object\nproperties:\n  id:\n    type: string\n      minLength: 1\n"),
    ).toEqual([
      'schema-src/g.yaml:5:7: error CH102 indented deeper (column 7) than "type:" on line 4 (column 5), whose value is already set; align it with "type:" to make it a sibling, or move the value to its own line to nest it',
    ]);
  });
});
