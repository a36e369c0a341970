import { describe, expect, it } from "vitest";
import { compileTree } from "../helpers/compile-tree.js";

const located = (
  diagnostics: { code: string; line?: number | undefined; column?: number | undefined; message: string }[],
) => diagnostics.map((d) => `${d.line}:${d.column} ${d.code} ${d.message}`);

describe("x-charter-rules in sources", () => {
  it("refuses malformed ids and missing sentences at their place, and the contract is not produced", async () => {
    const tree = await compileTree({
      "src/a.yaml": "type: object\nx-charter-rules:\n  Bad_Id: a sentence\n  ok-id: ''\n  fine: The value is fine.\n",
      "src/b.yaml": "type: object\nx-charter-rules: [one]\n",
    });
    expect(located(tree.diagnostics)).toEqual([
      '3:3 CH301 rule id "Bad_Id" must be lower-case words joined by "-" (e.g. resume-after-created)',
      '4:10 CH301 rule "ok-id" needs a sentence saying what it requires',
      "2:18 CH301 x-charter-rules must map rule ids to sentences",
    ]);
    expect(tree.failed).toEqual(["a", "b"]);
    expect([...tree.files.keys()].filter((f) => f.startsWith("schemas/"))).toEqual([]);
  });

  it("keeps a contract that references a refused one from being produced (CH402)", async () => {
    const tree = await compileTree({
      "src/a.yaml": "type: object\nx-charter-rules: 5\n",
      "src/b.yaml": "$ref: a.yaml\n",
    });
    expect(tree.diagnostics.map((d) => d.code)).toEqual(["CH301", "CH402"]);
    expect(tree.failed).toEqual(["a", "b"]);
    expect(tree.produced).toEqual([]);
  });

  it("refuses a declaration below the root instead of ignoring it", async () => {
    const tree = await compileTree({
      "src/a.yaml": "type: object\n$defs:\n  inner:\n    type: object\n    x-charter-rules: { a: b }\n",
    });
    expect(located(tree.diagnostics)).toEqual(["5:5 CH302 x-charter-rules is read at the root of a contract only"]);
  });

  it("keeps rules out of the bundle and its digest", async () => {
    const plain = await compileTree({ "src/a.yaml": "type: object\n" });
    const ruled = await compileTree({ "src/a.yaml": "type: object\nx-charter-rules:\n  a-rule: Something holds.\n" });
    expect(ruled.schema("a")).toEqual(plain.schema("a"));
    expect(ruled.files.get("manifest.json")).toContain('"a-rule": "Something holds."');
  });
});
