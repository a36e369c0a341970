import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { tempTree, writeTree } from "../helpers/temp-tree.js";

const SOURCE = "type: object\nproperties:\n  id: { type: string, minLength: 1 }\n";

/** A generated project whose one source then changes by one character, without regenerating. */
async function oneCharacterChanged() {
  const dir = tempTree({ "schema-src/example/order.yaml": SOURCE });
  expect((await runCli(["generate"], dir)).code).toBe(0);
  const validator = readFileSync(path.join(dir, "generated/validators/example/order.js"), "utf8");
  writeTree(dir, { "schema-src/example/order.yaml": SOURCE.replace("minLength: 1", "minLength: 2") });
  // The committed validator lines that carry the old limit: what a code diff of the validators would show.
  const codeLines = validator.split("\n").filter((l) => l.includes("limit: 1"));
  expect(codeLines.length).toBeGreaterThan(0);
  return { dir, codeLines, size: Buffer.byteLength(validator) };
}

const STALE = [
  "generated/manifest.json",
  "generated/schemas/example/order.schema.json",
  "generated/types/example/order.ts",
  "generated/validators/example/order.js",
  "generated/validators/index.js",
];

describe("charter check after a one-character source change", () => {
  it("names every changed file, shows the schema and types diffs, and one summary line per validator", async () => {
    const { dir, codeLines, size } = await oneCharacterChanged();
    const result = await runCli(["check"], dir);
    expect(result.code).toBe(1);
    for (const file of STALE) expect(result.stdout).toMatch(new RegExp(`^${file}:\\d+:1: error CH502 stale`, "m"));
    expect(result.stdout).toMatch(/^- {6}"minLength": 1\n\+ {6}"minLength": 2$/m);
    expect(result.stdout).toMatch(/^--- a\/generated\/types\/example\/order\.ts\tcommitted$/m);
    for (const line of codeLines) expect(result.stdout).not.toContain(line);
    expect(result.stdout).toContain(
      `(validator of example/order changed: ${size} -> ${size} bytes, same size; its code diff is not shown, \`charter check --full\` shows it)`,
    );
    const full = await runCli(["check", "--full"], dir);
    expect(full.code).toBe(1);
    // The summary stands for the validators' hunks, which are most of the whole diff.
    expect(result.stdout.split("\n").length).toBeLessThan(60);
    expect(full.stdout.split("\n").length).toBeGreaterThan(result.stdout.split("\n").length + 2 * codeLines.length);
  });

  it("prints the validators' code diff with --full", async () => {
    const { dir, codeLines } = await oneCharacterChanged();
    const full = await runCli(["check", "--full"], dir);
    expect(full.code).toBe(1);
    for (const line of codeLines) expect(full.stdout).toContain(`-${line}\n`);
    expect(full.stdout).toMatch(/^--- a\/generated\/validators\/example\/order\.js\tcommitted$/m);
    expect(full.stdout).not.toContain("--full` shows it");
    // Only check compares; generate refuses the flag rather than ignore it.
    const generate = await runCli(["generate", "--full"], dir);
    expect([generate.code, generate.stderr]).toEqual([2, expect.stringContaining("--full does not apply to generate")]);
  });

  it("keeps the sizes in JSON, and the summary in place of the validator's diff unless --full", async () => {
    const { dir, size } = await oneCharacterChanged();
    type Report = {
      drift: {
        stale: { path: string; diff: string; bytes: { committed: number; fresh: number }; summarized?: true }[];
      };
    };
    const report = JSON.parse((await runCli(["check", "--format", "json"], dir)).stdout) as Report;
    expect(report.drift.stale.map((s) => s.path)).toEqual(STALE.map((p) => p.slice("generated/".length)));
    const validator = report.drift.stale.find((s) => s.path === "validators/example/order.js")!;
    expect(validator).toMatchObject({ summarized: true, bytes: { committed: size, fresh: size } });
    expect(validator.diff).toMatch(/^\(validator of example\/order changed/);
    const schema = report.drift.stale.find((s) => s.path === "schemas/example/order.schema.json")!;
    expect(schema.summarized).toBeUndefined();
    expect(schema.diff).toContain('+      "minLength": 2');
    const full = JSON.parse((await runCli(["check", "--format", "json", "--full"], dir)).stdout) as Report;
    const whole = full.drift.stale.find((s) => s.path === "validators/example/order.js")!;
    expect(whole.summarized).toBeUndefined();
    expect(whole.diff).toMatch(/^--- a\/generated\/validators\/example\/order\.js/);
  });

  it("summarises in github output too", async () => {
    const { dir, codeLines } = await oneCharacterChanged();
    const result = await runCli(["check", "--format", "github"], dir);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^::error file=generated\/validators\/example\/order\.js,/m);
    expect(result.stdout).toContain("(validator of example/order changed:");
    for (const line of codeLines) expect(result.stdout).not.toContain(line);
  });

  it("still cuts a long schema diff by default, and not with --full", async () => {
    const big = Array.from({ length: 300 }, (_, i) => `  p${i}: {type: string}`).join("\n");
    const dir = tempTree({ "schema-src/big.yaml": `type: object\nproperties:\n${big}\n` });
    expect((await runCli(["generate"], dir)).code).toBe(0);
    writeTree(dir, { "schema-src/big.yaml": `type: object\nproperties:\n${big.replace(/string/g, "number")}\n` });
    expect((await runCli(["check"], dir)).stdout).toMatch(/\n\.\.\. \d+ more diff lines not shown\n/);
    const full = await runCli(["check", "--full"], dir);
    expect(full.stdout).not.toContain("more diff lines not shown");
    expect(full.stdout).toContain('+      "type": "number"');
  });
});
