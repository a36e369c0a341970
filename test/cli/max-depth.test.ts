import { symlinkSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { spawnCli } from "../helpers/spawn-cli.js";
import { tempTree } from "../helpers/temp-tree.js";

const REPO = fileURLToPath(new URL("../..", import.meta.url));

/** `levels` nodes, each the only child of the one above, one member a line: depth 2 × levels − 1. */
function chain(levels: number): string {
  let value: unknown = { name: "leaf" };
  for (let i = 1; i < levels; i++) value = { name: `n${i}`, children: [value] };
  return JSON.stringify(value, null, 1) + "\n";
}

const PROJECT = {
  "schema-src/tree.yaml":
    "type: object\nproperties:\n  name: { type: string }\n  children: { type: array, items: { $ref: '#' } }\n",
  "data/shallow.json": chain(3),
  "data/twenty.json": chain(20),
  "data/deep.json": chain(80),
};

async function project(): Promise<string> {
  const dir = tempTree(PROJECT);
  expect((await runCli(["generate"], dir)).code).toBe(0);
  symlinkSync(path.join(REPO, "node_modules"), path.join(dir, "node_modules"));
  return dir;
}

describe("charter validate --max-depth", () => {
  it("reports data deeper than the limit as not judged (exit 3), at the first value beyond it, in the file", async () => {
    const dir = await project();
    // A real process: what a shell runs.
    const limited = spawnCli(["validate", "tree", "data/shallow.json", "data/twenty.json", "--max-depth", "10"], {
      cwd: dir,
    });
    // Depth 11 is the sixth node: five times /children/0 down. Its line: the opening brace of that node.
    const pointer = "/children/0".repeat(5);
    const line =
      chain(20)
        .split("\n")
        .findIndex((text, i, lines) => text.trim() === "{" && lines[i + 1]!.includes('"name": "n14"')) + 1;
    expect(limited.stdout.replace(/sha256:\w+/, "sha256:…")).toBe(
      `data/twenty.json:${line}:${chain(20).split("\n")[line - 1]!.indexOf("{") + 1}: error CH804 ${pointer}: nested deeper than the depth limit of 10 levels for this recursive contract; no verdict (raise it with --max-depth N, or --max-depth Infinity for none)\n` +
        "charter validate: 1 of 2 files satisfy tree (sha256:…); 1 file was too deep to judge\n",
    );
    expect(limited.code).toBe(3);
    const json = await runCli(["validate", "tree", "data/twenty.json", "--max-depth", "10", "--format", "json"], dir);
    const report = JSON.parse(json.stdout) as {
      results: { judged: boolean; diagnostics: { code: string; pointer?: string }[] }[];
    };
    expect([json.code, report.results.map((r) => [r.judged, r.diagnostics.map((d) => [d.code, d.pointer])])]).toEqual([
      3,
      [[false, [["CH804", pointer]]]],
    ]);
  });

  it("defaults to the runtime's limit of 128 levels; Infinity turns it off", async () => {
    const dir = await project();
    expect((await runCli(["validate", "tree", "data/twenty.json"], dir)).code).toBe(0);
    const deep = await runCli(["validate", "tree", "data/deep.json"], dir);
    expect(deep.code).toBe(3);
    expect(deep.stdout).toContain(
      `error CH804 ${"/children/0".repeat(64)}: nested deeper than the depth limit of 128 levels`,
    );
    expect((await runCli(["validate", "tree", "data/deep.json", "--max-depth", "Infinity"], dir)).code).toBe(0);
    expect((await runCli(["validate", "tree", "data/deep.json", "--max-depth=159"], dir)).code).toBe(0);
    expect((await runCli(["validate", "tree", "data/deep.json", "--max-depth=158"], dir)).code).toBe(3);
  });

  it("refuses a value that is not a whole number from 1 or Infinity as a usage error (exit 2), and on other commands", async () => {
    const dir = await project();
    for (const bad of ["0", "-1", "1.5", "abc", "", "1e3", "infinity"]) {
      const result = await runCli(["validate", "tree", "data/shallow.json", `--max-depth=${bad}`], dir);
      expect([result.code, result.stdout, result.stderr.split("\n")[0]]).toEqual([
        2,
        "",
        `charter validate: --max-depth must be a whole number from 1, or Infinity for no limit, got "${bad}"`,
      ]);
    }
    const generate = await runCli(["generate", "--max-depth", "3"], dir);
    expect([generate.code, generate.stderr.split("\n")[0]]).toEqual([
      2,
      "charter generate: --max-depth does not apply to generate (it is an option of validate)",
    ]);
    expect((await runCli(["validate", "--help"], dir)).stdout).toContain("--max-depth N");
  });
});
