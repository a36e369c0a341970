/**
 * Child process of the pipeline benchmark: runs one command of the built CLI
 * (`node dist/cli/charter.js`, as users run it) in a fresh process and prints, as
 * the last line of stdout, its wall time, exit code, peak resident memory and
 * how many diagnostics of each code it printed. The diagnostics themselves
 * are dropped: printing them would time the terminal.
 *
 *   tsx scripts/bench/measure-cli.ts CWD ARGS...
 *
 * The caller builds dist/ first (everyday-loop.ts's buildCli).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath, pathToFileURL } from "node:url";

const CLI = fileURLToPath(new URL("../../dist/cli/charter.js", import.meta.url));
const PEAK = pathToFileURL(fileURLToPath(new URL("./report-peak-memory.mjs", import.meta.url))).href;

const [cwd, ...argv] = process.argv.slice(2);
const scratch = mkdtempSync(path.join(os.tmpdir(), "charter-measure-"));
const peakFile = path.join(scratch, "peak");
const codes: Record<string, number> = {};
const started = performance.now();
const cli = spawn(process.execPath, ["--import", PEAK, CLI, ...argv], {
  cwd: cwd!,
  stdio: ["ignore", "pipe", "pipe"],
  env: { ...process.env, CHARTER_PEAK_FILE: peakFile },
});
// Counted a line at a time, so that a corpus run's many diagnostics are never held whole.
const counted = [cli.stdout, cli.stderr].map(
  (stream) =>
    new Promise<void>((resolve) => {
      const lines = createInterface({ input: stream, crlfDelay: Infinity });
      lines.on("line", (line) => {
        const match = / (?:error|warning) (CH\d{3}) /.exec(line);
        if (match) codes[match[1]!] = (codes[match[1]!] ?? 0) + 1;
      });
      lines.on("close", resolve);
    }),
);
const code = await new Promise<number>((resolve) => cli.on("close", (status) => resolve(status ?? -1)));
const ms = performance.now() - started;
await Promise.all(counted);
// A process V8 aborted (heap exhausted) wrote no figure: the caller reports the failure.
let maxRssKb = 0;
try {
  maxRssKb = Number(readFileSync(peakFile, "utf8"));
} catch {
  process.stderr.write(`no peak memory figure: the CLI exited ${code} without reaching its exit handlers\n`);
  process.exitCode = 1;
}
rmSync(scratch, { recursive: true, force: true });
process.stdout.write(JSON.stringify({ code, ms, maxRssKb, codes }) + "\n");
