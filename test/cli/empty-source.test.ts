import { rmSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { snapshotTree, tempTree, writeTree } from "../helpers/temp-tree.js";

const PET = "type: object\nproperties:\n  name: { type: string }\n";

/** A project whose output holds one contract, generated. */
async function generated(): Promise<string> {
  const dir = tempTree({ "schema-src/pet.yaml": PET });
  expect((await runCli(["generate"], dir)).code).toBe(0);
  return dir;
}

describe("a source folder that holds no contract", () => {
  it("is CH013 at the folder for generate and check, and the output is left as it was", async () => {
    const dir = await generated();
    rmSync(path.join(dir, "schema-src/pet.yaml"));
    writeTree(dir, { "schema-src/README.md": "# Our contracts\n" });
    const before = snapshotTree(path.join(dir, "generated"));
    const generate = await runCli(["generate"], dir);
    expect(generate.code).toBe(1);
    expect(generate.stdout).toMatch(/^schema-src: error CH013 the source folder holds no contract/m);
    expect(generate.stdout).toContain("nothing written");
    expect(snapshotTree(path.join(dir, "generated"))).toEqual(before);
    const check = await runCli(["check"], dir);
    expect(check.code).toBe(1);
    expect(check.stdout).toMatch(/^schema-src: error CH013 /m);
  });

  it("is CH013 when the config names a folder that exists but holds none (a mistyped source)", async () => {
    const dir = await generated();
    writeTree(dir, { "charter.config.yaml": "source: schemas\n", "schemas/.keep": "" });
    const before = snapshotTree(path.join(dir, "generated"));
    const run = await runCli(["generate", "--format", "json"], dir);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as { written: boolean; diagnostics: { code: string; file: string }[] };
    expect(report.written).toBe(false);
    expect(report.diagnostics).toMatchObject([{ code: "CH013", file: "schemas" }]);
    expect(snapshotTree(path.join(dir, "generated"))).toEqual(before);
  });

  it("with allowEmptySource: true, generate writes a tree of no contracts and check accepts it", async () => {
    const dir = await generated();
    rmSync(path.join(dir, "schema-src/pet.yaml"));
    writeTree(dir, { "charter.config.yaml": "allowEmptySource: true\n" });
    const generate = await runCli(["generate"], dir);
    expect(generate.code).toBe(0);
    expect(generate.stdout).toContain("wrote 0 contracts");
    expect(Object.keys(snapshotTree(path.join(dir, "generated")))).toEqual(["manifest.json"]);
    expect((await runCli(["check"], dir)).code).toBe(0);
  });

  it("refuses a value of allowEmptySource that is not a boolean", async () => {
    const dir = tempTree({ "schema-src/pet.yaml": PET, "charter.config.yaml": "allowEmptySource: yes please\n" });
    const run = await runCli(["generate"], dir);
    expect(run.code).toBe(2);
    expect(run.stdout + run.stderr).toMatch(
      /charter\.config\.yaml:1:\d+: error CH003 allowEmptySource must be true or false/,
    );
  });
});
