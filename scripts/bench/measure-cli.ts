/**
 * Child process of the pipeline benchmark: runs one charter command in a
 * fresh process and prints, as the last line of stdout, its wall time, exit
 * code and peak resident memory. Diagnostics are dropped: the corpus has
 * expected ones, and printing them would time the terminal.
 *
 *   tsx scripts/bench/measure-cli.ts CWD ARGS...
 */
import { run } from "../../src/cli/run.js";

const [cwd, ...argv] = process.argv.slice(2);
const started = performance.now();
const code = await run(argv, { cwd: cwd!, stdout: () => {}, stderr: () => {} });
const ms = performance.now() - started;
process.stdout.write(JSON.stringify({ code, ms, maxRssKb: process.resourceUsage().maxRSS }) + "\n");
