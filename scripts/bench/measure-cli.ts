/**
 * Child process of the pipeline benchmark: runs one charter command in a
 * fresh process and prints, as the last line of stdout, its wall time, exit
 * code, peak resident memory and how many diagnostics of each code it
 * printed. The diagnostics themselves are dropped: printing them would time
 * the terminal.
 *
 *   tsx scripts/bench/measure-cli.ts CWD ARGS...
 */
import { capHeapGrowth } from "../../src/cli/heap-growth.js";
import { run } from "../../src/cli/run.js";

// What the CLI's process does before it runs a command (src/cli/main.ts), so that memory is measured as users get it.
capHeapGrowth(process.execArgv);

const [cwd, ...argv] = process.argv.slice(2);
const started = performance.now();
const codes: Record<string, number> = {};
const count = (text: string) => {
  for (const match of text.matchAll(/ (?:error|warning) (CH\d{3}) /g)) codes[match[1]!] = (codes[match[1]!] ?? 0) + 1;
};
const code = await run(argv, { cwd: cwd!, stdout: count, stderr: count });
const ms = performance.now() - started;
process.stdout.write(JSON.stringify({ code, ms, maxRssKb: process.resourceUsage().maxRSS, codes }) + "\n");
