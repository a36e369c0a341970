import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cliArgs } from "../helpers/cli-entry.js";
import { runCli } from "../helpers/run-cli.js";
import { tempTree } from "../helpers/temp-tree.js";

/** A generated project with a contract any string satisfies. */
async function project(): Promise<string> {
  const dir = tempTree({ "schema-src/note.yaml": "type: string\n" });
  expect((await runCli(["generate"], dir)).code).toBe(0);
  return dir;
}

/** The real CLI through a shell, so that redirections are the shell's. */
function shell(command: string, cwd: string) {
  const charter = [process.execPath, ...cliArgs([])].map((word) => `'${word}'`).join(" ");
  const result = spawnSync("sh", ["-c", command.replace("charter", charter)], {
    cwd,
    encoding: "utf8",
    env: { PATH: process.env["PATH"] ?? "" },
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("validate reads a bounded amount of data", () => {
  it("refuses a file over --max-size with CH806 at the file, unread", async () => {
    const dir = await project();
    writeFileSync(path.join(dir, "big.json"), JSON.stringify("x".repeat(2 * 1024 * 1024)));
    const run = await runCli(["validate", "note", "big.json", "--max-size", "1"], dir);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      "big.json: error CH806 larger than 1 MiB, read no further; --max-size raises the limit",
    );
    const raised = await runCli(["validate", "note", "big.json", "--max-size", "3"], dir);
    expect(raised.code).toBe(0);
  });

  it("cuts a device without end (/dev/zero) at the limit: a verdict, not a process that grows for ever", async () => {
    const dir = await project();
    const run = shell("charter validate note /dev/zero --max-size 2 --format json", dir);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as { results: { diagnostics: { code: string }[] }[] };
    expect(report.results[0]!.diagnostics.map((d) => d.code)).toEqual(["CH806"]);
  });

  it("cuts standard input without end at the limit", async () => {
    const dir = await project();
    const run = shell("charter validate note - --max-size 2 < /dev/zero", dir);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("<stdin>: error CH806 larger than 2 MiB");
  });

  it("refuses a --max-size that is no whole number of MiB from 1", async () => {
    const dir = await project();
    for (const value of ["0", "1.5", "big"]) {
      const run = await runCli(["validate", "note", "x.json", "--max-size", value], dir);
      expect(run.code, value).toBe(2);
      expect(run.stdout + run.stderr).toContain("--max-size must be a whole number of MiB from 1");
    }
  });
});
