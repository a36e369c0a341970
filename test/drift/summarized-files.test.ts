import { describe, expect, it } from "vitest";
import { compareTrees } from "../../src/drift/compare-trees.js";
import { validatorModule } from "../../src/drift/summarized-files.js";

describe("validatorModule", () => {
  it("knows the compiled validators of a contract, and nothing else", () => {
    expect(validatorModule("validators/a/b.js")).toEqual({ contract: "a/b" });
    // A contract named index has modules named index.contract, beside the registry.
    expect(validatorModule("validators/index.contract.js")).toEqual({ contract: "index" });
    for (const other of ["validators/index.js", "validators/a/b.d.ts", "validators/package.json", "types/a/b.ts"])
      expect(validatorModule(other)).toBeUndefined();
  });
});

describe("compareTrees with summarizeValidators", () => {
  const committed = new Map([
    ["validators/a.js", Buffer.from("const x=1;\n")],
    ["schemas/a.schema.json", Buffer.from("{}\n")],
  ]);
  const fresh = new Map([
    ["validators/a.js", "const x=12;\n"],
    ["schemas/a.schema.json", '{"type":"string"}\n'],
  ]);

  it("summarises the validator with its sizes and diffs the rest", () => {
    const [schema, validator] = compareTrees(fresh, committed, "", 120, { summarizeValidators: true }).stale;
    expect(validator).toEqual({
      path: "validators/a.js",
      diff: "(validator of a changed: 11 -> 12 bytes, +1; its code diff is not shown, `charter check --full` shows it)",
      omittedLines: 0,
      bytes: { committed: 11, fresh: 12 },
      summarized: true,
    });
    expect(schema!.diff).toContain('+{"type":"string"}');
  });

  it("diffs every file without the option, as before", () => {
    const stale = compareTrees(fresh, committed).stale;
    expect(stale[1]!.diff).toContain("+const x=12;");
    expect(stale[1]!.summarized).toBeUndefined();
  });
});
