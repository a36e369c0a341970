/**
 * Every kind of bad input, through the CLI as a user runs it: a located
 * diagnostic with its code, exit 1, no stack trace, and the committed output
 * left exactly as it was.
 */
import { symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { snapshotTree, tempTree } from "../helpers/temp-tree.js";

const GOOD = { "schema-src/good.yaml": "type: object\nproperties:\n  id: { type: string, minLength: 1 }\n" };
const BILLION_LAUGHS =
  [
    "a: &a [x, x, x, x, x, x, x, x, x, x]",
    ...Array.from(
      { length: 8 },
      (_, i) =>
        `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10)
          .fill(`*${String.fromCharCode(97 + i)}`)
          .join(", ")}]`,
    ),
  ].join("\n") + "\n";

type Case = [name: string, files: Record<string, string | Buffer>, expected: RegExp, setup?: (dir: string) => void];

const CASES: Case[] = [
  ["malformed YAML", { "schema-src/bad.yaml": "type: [string\n" }, /^schema-src\/bad\.yaml:\d+:\d+: error CH102 /m],
  [
    "a duplicate key",
    { "schema-src/bad.yaml": "type: string\ntype: number\n" },
    /^schema-src\/bad\.yaml:2:1: error CH103 /m,
  ],
  [
    "a custom YAML tag",
    { "schema-src/bad.yaml": "type: !include other.yaml\n" },
    /^schema-src\/bad\.yaml:1:7: error CH104 /m,
  ],
  ["an alias bomb", { "schema-src/bad.yaml": BILLION_LAUGHS }, /^schema-src\/bad\.yaml:\d+:\d+: error CH105 /m],
  [
    "nesting too deep",
    { "schema-src/bad.yaml": "not: ".repeat(1) + "[".repeat(600) + "]".repeat(600) + "\n" },
    /^schema-src\/bad\.yaml:\d+:\d+: error CH111 /m,
  ],
  [
    "a file that is not UTF-8",
    { "schema-src/bad.yaml": Buffer.from([...Buffer.from("title: caf"), 0xe9, ...Buffer.from("\ntype: string\n")]) },
    /^schema-src\/bad\.yaml:1:11: error CH113 the file is not UTF-8$/m,
  ],
  [
    "an unresolvable $ref",
    { "schema-src/bad.yaml": "$ref: '#/$defs/missing'\n" },
    /^schema-src\/bad\.yaml:1:7: error CH208 /m,
  ],
  [
    "a $ref that leaves the source tree",
    { "schema-src/bad.yaml": "$ref: ../../etc/passwd\n" },
    /^schema-src\/bad\.yaml:1:7: error CH205 /m,
  ],
  [
    "a $ref through a symbolic link out of the tree",
    { "schema-src/bad.yaml": "$ref: link.yaml\n", "outside/secret.yaml": "type: string\n" },
    // Discovery does not follow symbolic links, so the link is no file of the source tree.
    /^schema-src\/bad\.yaml:1:7: error CH207 /m,
    (dir) => symlinkSync(path.join(dir, "outside/secret.yaml"), path.join(dir, "schema-src/link.yaml")),
  ],
  [
    "a remote $ref with no catalog mapping",
    { "schema-src/bad.yaml": "$ref: https://example.com/schema.json\n" },
    /^schema-src\/bad\.yaml:1:7: error CH206 /m,
  ],
  [
    "a cyclic $ref chain that never reaches a schema",
    { "schema-src/bad.yaml": "$ref: '#/$defs/a'\n$defs:\n  a: { $ref: '#/$defs/b' }\n  b: { $ref: '#/$defs/a' }\n" },
    /^schema-src\/bad\.yaml:3:14: error CH306 \$ref cycle that never reaches a schema: \/\$defs\/a -> \/\$defs\/b -> back; only references, which ajv cannot compile$/m,
  ],
  [
    "a $ref cycle through allOf",
    { "schema-src/bad.yaml": "examples: [1]\nallOf: [{ $ref: '#' }]\n" },
    /^schema-src\/bad\.yaml:2:17: error CH306 \$ref cycle that never reaches a schema, applied to every value: the root -> \/allOf\/0 -> back$/m,
  ],
  [
    "a $ref cycle through not, at the root",
    { "schema-src/bad.yaml": "type: object\nnot: { $ref: '#' }\n" },
    /^schema-src\/bad\.yaml:2:14: error CH306 /m,
  ],
  [
    "two sources with one $id",
    {
      "schema-src/bad.yaml": "$id: https://x.test/a\ntype: string\n",
      "schema-src/bad2.yaml": "$id: https://x.test/a\ntype: number\n",
    },
    /^schema-src\/bad2?\.yaml:1:6: error CH203 /m,
  ],
  [
    "an output folder below a file",
    { "charter.config.yaml": "out: build/generated\n", build: "a file where a folder should be\n" },
    /^build\/generated: error CH007 cannot write the output: a file is where a folder should be \(ENOTDIR\); nothing written$/m,
  ],
  [
    "an invalid $schema",
    { "schema-src/bad.yaml": "$schema: https://example.com/my-dialect\ntype: string\n" },
    /^schema-src\/bad\.yaml:1:10: error CH201 /m,
  ],
];

describe("bad input through the CLI", () => {
  it.each(CASES)(
    "refuses %s: located code, exit 1, no stack trace, output unchanged",
    async (_name, files, expected, setup) => {
      const dir = tempTree(GOOD);
      expect((await runCli(["generate"], dir)).code).toBe(0);
      const before = snapshotTree(path.join(dir, "generated"));
      for (const [file, content] of Object.entries(files)) {
        (await import("node:fs")).mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        writeFileSync(path.join(dir, file), content);
      }
      setup?.(dir);
      const result = await runCli(["generate"], dir);
      expect(result.stdout + result.stderr).toMatch(expected);
      expect(result.code).toBe(1);
      expect(result.stdout + result.stderr).not.toMatch(/^\s+at .+[:(]\d+:\d+\)?$/m);
      expect(snapshotTree(path.join(dir, "generated"))).toEqual(before);
    },
  );

  it("accepts a byte-order mark and CRLF line endings, with the same output as without", async () => {
    const plain = tempTree({
      "schema-src/a.yaml":
        "title: Thing\ntype: object\nproperties:\n  n: { type: string, description: 'two\\nlines' }\n",
    });
    const marked = tempTree({
      "schema-src/a.yaml":
        "\uFEFFtitle: Thing\r\ntype: object\r\nproperties:\r\n  n: { type: string, description: 'two\\nlines' }\r\n",
    });
    expect((await runCli(["generate"], plain)).code).toBe(0);
    expect((await runCli(["generate"], marked)).code).toBe(0);
    expect(snapshotTree(path.join(marked, "generated"))).toEqual(snapshotTree(path.join(plain, "generated")));
  });

  it("handles __proto__ and constructor as property names, as data", async () => {
    const dir = tempTree({
      "schema-src/p.yaml":
        "type: object\nrequired: [__proto__]\nproperties:\n  __proto__: { type: string }\n  constructor: { type: number }\n",
    });
    const result = await runCli(["generate"], dir);
    expect(result.code).toBe(0);
    const bundle = JSON.parse(snapshotTree(path.join(dir, "generated"))["schemas/p.schema.json"]!) as {
      properties: Record<string, unknown>;
    };
    expect(Object.keys(bundle.properties)).toEqual(["__proto__", "constructor"]);
    expect(({} as Record<string, unknown>)["type"]).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("type");
  });

  it("keeps descriptions, titles and names holding */, backticks, quotes, newlines or code inert in the generated code", async () => {
    const hostile = "*/ console.log(`pwned`); /* \" ' ${x} </script>\n next line";
    const dir = tempTree({
      "schema-src/class.yaml": `title: ${JSON.stringify(hostile)}\ntype: object\ndescription: ${JSON.stringify(hostile)}\nproperties:\n  ${JSON.stringify(hostile)}: { type: string, description: ${JSON.stringify(hostile)} }\n  "*/": { const: ${JSON.stringify(hostile)} }\n`,
    });
    const result = await runCli(["generate"], dir);
    // Types are compiled in memory under strict flags (CH606 otherwise), validators are loaded by the differential tests' machinery.
    expect(result.stdout).not.toMatch(/error/);
    expect(result.code).toBe(0);
    const tree = snapshotTree(path.join(dir, "generated"));
    expect(tree["types/class.ts"]).toContain("export interface Class");
    expect(tree["types/class.ts"]).not.toMatch(/^\s*console\.log/m);
    expect(tree["validators/class.js"]).not.toMatch(/^\s*console\.log/m);
  });
});
