/**
 * The largest valid schemas issue 19 names, through the real CLI, and their validators loaded by
 * a plain Node process as a client's would be. `npm run test:scale` (minutes; not in CI: the
 * 3,000-property case in test/validators runs there). The figures for docs/limits.md come from
 * running the same sources under /usr/bin/time.
 */
import { spawnSync } from "node:child_process";
import { existsSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { spawnCli } from "../helpers/spawn-cli.js";
import { tempTree } from "../helpers/temp-tree.js";

const NODE_MODULES = fileURLToPath(new URL("../../node_modules", import.meta.url));

/** A project with one contract, generated; the checks each case makes run in a fresh Node. */
function generate(schema: unknown) {
  const dir = tempTree({ "schema-src/big.json": JSON.stringify(schema) });
  symlinkSync(NODE_MODULES, path.join(dir, "node_modules"));
  const run = spawnCli(["generate", "--no-cache", "-q"], { cwd: dir, timeout: 1_500_000 });
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  return dir;
}

/** Verdicts of the generated validator on `samples`, in a Node process of its own with the default stack. */
function verdicts(dir: string, samples: unknown[]): boolean[] {
  writeFileSync(
    path.join(dir, "check.mjs"),
    `import { validate } from "./generated/validators/big.js";\nconst samples = ${JSON.stringify(samples)};\nconsole.log(JSON.stringify(samples.map((s) => validate(s))));\n`,
  );
  const run = spawnSync(process.execPath, ["check.mjs"], { cwd: dir, encoding: "utf8" });
  expect(run.stderr).toBe("");
  return JSON.parse(run.stdout) as boolean[];
}

describe("valid schemas of hostile size generate, and their validators load", () => {
  it("an object of 20,000 properties", () => {
    const properties = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`p${i}`, { type: "string" }]));
    const dir = generate({ type: "object", properties, required: ["p19999"] });
    expect(verdicts(dir, [{ p19999: "x" }, { p0: 1, p19999: "x" }, { p0: "x" }])).toEqual([true, false, false]);
  });

  it("a chain of 2,000 definitions that each only refer to the next", () => {
    const $defs = Object.fromEntries(
      Array.from({ length: 2_000 }, (_, i) => [
        `a${i}`,
        i === 1_999 ? { type: "integer" } : { $ref: `#/$defs/a${i + 1}` },
      ]),
    );
    const dir = generate({ $ref: "#/$defs/a0", $defs });
    expect(verdicts(dir, [1, "1"])).toEqual([true, false]);
  });

  it("an enum of 100,000 strings", () => {
    const members = Array.from({ length: 100_000 }, (_, i) => `member-${i}`);
    const dir = generate({ type: "string", enum: members });
    expect(verdicts(dir, ["member-99999", "member-100000"])).toEqual([true, false]);
  });

  it("past what JavaScript compiles, an object of 35,000 properties, a located CH702 that says so, and nothing written", () => {
    const properties = Object.fromEntries(Array.from({ length: 35_000 }, (_, i) => [`p${i}`, { type: "string" }]));
    const dir = tempTree({ "schema-src/big.json": JSON.stringify({ type: "object", properties }) });
    const run = spawnCli(["generate", "--no-cache", "-q"], { cwd: dir, timeout: 1_500_000 });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      "schema-src/big.json:1:1: error CH702 the validator overflowed its stack on null: one schema applies 35000 subschemas, and from about 30000 JavaScript cannot compile the function ajv writes for it",
    );
    expect(existsSync(path.join(dir, "generated"))).toBe(false);
  });
});
