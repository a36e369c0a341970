import { describe, expect, it } from "vitest";
import { compileTree } from "../helpers/compile-tree.js";

const findings = (diagnostics: { code: string; severity: string; file?: string | undefined; line?: number | undefined; column?: number | undefined; message: string }[]) =>
  diagnostics.map((d) => `${d.file?.split("/src/")[1]}:${d.line}:${d.column} ${d.severity} ${d.code} ${d.message}`);

const LINTED = `type: object
additionalProperties: false
required: [id, name, ghost]
requried: [x]
properties:
  id: { type: string, description: "Required identifier." }
  name: { type: string, minLength: 1, maxLength: 0 }
  code: { type: string, pattern: "(a+)+$" }
  behind: { type: string, pattern: "(?<=a)b" }
  bad: { type: string, pattern: "[a-" }
  cond: { if: { type: string } }
  low: { type: number, minimum: 5, maximum: 1, x-charter-ignore: [CH315] }
  inner:
    type: object
    $defs:
      unused: { type: string }
      used: { type: number }
    properties:
      n: { $ref: "#/properties/inner/$defs/used" }
definitions:
  x: { type: string }
`;

describe("lints", () => {
  it("report what a schema probably did not mean, each at its place", async () => {
    const tree = await compileTree({ "src/a.yaml": LINTED, "src/b.yaml": "$defs:\n  s: { type: string }\n", "src/old.yaml": "$schema: http://json-schema.org/draft-07/schema#\n$defs: {}\ntype: object\nprefixItems: [{}]\n" });
    expect(findings(tree.diagnostics)).toEqual([
      'a.yaml:3:22 warning CH311 "ghost" is required, but the object is closed and does not declare it: no value satisfies this schema',
      'a.yaml:4:1 warning CH312 "requried" is not a keyword; did you mean "required"? As written it constrains nothing',
      'a.yaml:6:3 warning CH319 required property "id" accepts the empty string, yet its description says a value is required',
      "a.yaml:7:25 warning CH315 minLength 1 is above maxLength 0: no value satisfies this schema",
      'a.yaml:8:34 warning CH318 "(a+)+$" nests quantifiers (safe-regex2: star height above 1), so some inputs take exponential time with RegExp; validation.patterns: linear runs it in linear time (charter validate does by default)',
      'a.yaml:10:33 error CH317 "[a-" is not an ECMAScript regular expression: Invalid regular expression: /[a-/u: Unterminated character class',
      "a.yaml:11:11 warning CH314 `if` without `then` or `else` constrains nothing",
      'a.yaml:16:7 warning CH316 definition "unused" is referenced by no $ref, and only top-level definitions are exported',
      "a.yaml:20:1 warning CH313 `definitions` is the draft-07 name; 2019-09 and later use `$defs` (this source is 2020-12)",
      "b.yaml:1:1 warning CH310 the root holds only definitions and annotations, so the contract accepts any value",
      "old.yaml:2:1 warning CH313 `$defs` is 2019-09 and later; draft-07 uses `definitions` (a $ref into $defs still resolves, as a plain pointer) (this source is draft-07)",
      "old.yaml:4:1 warning CH313 `prefixItems` is 2020-12; draft-07 writes a tuple as array-form `items` (this source is draft-07)",
    ]);
    // Only the pattern a validator cannot run stops the contract.
    expect(tree.failed).toEqual(["a"]);
  });

  it("count a definition as used when a reference inside an embedded resource resolves to it", async () => {
    const tree = await compileTree({
      "src/e.yaml": "type: object\nproperties:\n  k: { $ref: '#/$defs/emb' }\n$defs:\n  emb:\n    $id: https://e.test/emb\n    type: object\n    $defs:\n      inner: { type: string }\n    properties:\n      k: { $ref: '#/$defs/inner' }\n",
    });
    expect(tree.diagnostics.filter((d) => d.code === "CH316")).toEqual([]);
  });

  it("are silenced per schema with x-charter-ignore, which leaves the bundle", async () => {
    const tree = await compileTree({ "src/b.yaml": "x-charter-ignore: [CH310]\n$defs:\n  s: { type: string, requried: 1, x-charter-ignore: [CH312] }\n" });
    expect(findings(tree.diagnostics)).toEqual([]);
    expect(JSON.stringify(tree.schema("b"))).not.toContain("x-charter-ignore");
  });

  it("refuse an x-charter-ignore that does not list lint codes: errors cannot be silenced", async () => {
    const tree = await compileTree({ "src/c.yaml": "type: string\nx-charter-ignore: [CH317]\n", "src/d.yaml": "type: string\nx-charter-ignore: CH312\n" });
    expect(findings(tree.diagnostics).map((f) => f.split(" ").slice(0, 3).join(" "))).toEqual(["c.yaml:2:19 error CH307", "d.yaml:2:19 error CH307"]);
    expect(tree.failed).toEqual(["c", "d"]);
  });
});
