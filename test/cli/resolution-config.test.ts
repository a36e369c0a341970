import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { tempTree } from "../helpers/temp-tree.js";

// The config's catalog entries (string or { path, dialect, ids }) and `resolution.contracts`, end to end.
const WORD = `{ "$ref": "#/definitions/text", "maxLength": 3, "definitions": { "text": { "type": "string" } } }`;
const TOOL_ID = "https://tools.example.test/tool.json";
const tool = (version: string) =>
  JSON.stringify({
    $schema: "http://json-schema.org/draft-07/schema#",
    $id: TOOL_ID,
    type: "object",
    properties: { version: { const: version } },
  });
const FILES = {
  "vendor/word.json": WORD,
  "schema-src/old.json": `{ "$schema": "http://json-schema.org/draft-07/schema#", "properties": { "w": { "$ref": "https://words.example.test/word.json" } } }`,
  "schema-src/new.yaml": `properties:\n  w: { $ref: "https://words.example.test/word.json" }\n`,
  "schema-src/tools/tool-1.json": tool("1"),
  "schema-src/tools/tool-2.json": tool("2"),
  // A source without $schema that the config says is draft-07: its `maxLength` beside `$ref` is ignored.
  "schema-src/legacy/name.yaml": `$ref: "#/definitions/text"\nmaxLength: 3\ndefinitions:\n  text: { type: string }\n`,
};

const embeddedWordSchema = (dir: string, contract: string) => {
  const bundle = JSON.parse(
    readFileSync(path.join(dir, "generated", "schemas", `${contract}.schema.json`), "utf8"),
  ) as Record<string, Record<string, Record<string, unknown>>>;
  const defs = bundle["$defs"] ?? bundle["definitions"]!;
  return defs["https://words.example.test/word.json"]!["$schema"] ?? bundle["$schema"];
};

describe("the config's resolution settings", () => {
  it("without them: the catalog file is read as 2020-12 with a warning, and the copies of one $id are refused", async () => {
    const dir = tempTree({ ...FILES, "charter.config.yaml": "catalog:\n  https://words.example.test/: vendor\n" });
    const result = await runCli(["generate", "--keep-going"], dir);
    expect(result.stdout).toContain(
      "vendor/word.json:1:1: warning CH211 https://words.example.test/word.json declares no $schema and is referenced from documents of different dialects, draft-07 (old.json:1:88) and 2020-12 (new.yaml:2:14); it is read as 2020-12.",
    );
    expect(result.stdout).toMatch(
      /^schema-src\/tools\/tool-1\.json:1:60: error CH203 .*set ids: local for them in charter\.config\.yaml/m,
    );
    expect(result.stdout).toMatch(/^schema-src\/tools\/tool-2\.json:1:60: error CH203 /m);
    expect(embeddedWordSchema(dir, "old")).toBe("https://json-schema.org/draft/2020-12/schema");
  });

  it("with them: the catalog entry's dialect, the folder's local ids and a contract's dialect apply", async () => {
    const dir = tempTree({
      ...FILES,
      "charter.config.yaml": [
        "catalog:",
        "  https://words.example.test/: { path: vendor, dialect: draft-07 }",
        "resolution:",
        "  contracts:",
        "    tools/: { ids: local }",
        "    legacy/: { dialect: draft-04 }",
        "    legacy/name: { dialect: draft-07 }",
        "",
      ].join("\n"),
    });
    const result = await runCli(["generate"], dir);
    expect(result.stdout + result.stderr).not.toMatch(/CH203|CH211/);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(embeddedWordSchema(dir, "new")).toBe("http://json-schema.org/draft-07/schema#");
    const legacy = JSON.parse(
      readFileSync(path.join(dir, "generated", "schemas", "legacy", "name.schema.json"), "utf8"),
    ) as Record<string, unknown>;
    // The contract's own key wins over its folder's.
    expect(legacy["$schema"]).toBe("http://json-schema.org/draft-07/schema#");
    expect(JSON.stringify(legacy)).not.toContain("maxLength");
  });

  it.each([
    [
      "a catalog entry without its folder",
      "catalog:\n  https://words.example.test/: { dialect: draft-07 }\n",
      /^charter\.config\.yaml:2:32: error CH003 catalog\["https:\/\/words\.example\.test\/"\] must have required property 'path'$/m,
    ],
    [
      "an unknown dialect",
      "catalog:\n  https://words.example.test/: { path: vendor, dialect: draft-08 }\n",
      /^charter\.config\.yaml:2:57: error CH003 catalog\["https:\/\/words\.example\.test\/"\]\.dialect must be "draft-04" or "draft-06" or "draft-07" or "2019-09" or "2020-12"$/m,
    ],
    [
      "an unknown ids value",
      "resolution:\n  contracts:\n    tools/: { ids: private }\n",
      /^charter\.config\.yaml:3:20: error CH003 resolution\.contracts\["tools\/"\]\.ids must be "global" or "local"$/m,
    ],
    [
      "an unknown key in an entry",
      "resolution:\n  contracts:\n    tools/: { id: local }\n",
      /^charter\.config\.yaml:3:15: error CH002 unknown key "id"; the keys are dialect, ids$/m,
    ],
  ])("refuses %s where it is written", async (_, config, message) => {
    const dir = tempTree({ ...FILES, "charter.config.yaml": config });
    const result = await runCli(["generate"], dir);
    expect(result.code).toBe(2);
    expect(result.stdout + result.stderr).toMatch(message);
  });
});
