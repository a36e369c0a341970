import { setFlagsFromString } from "node:v8";

/**
 * V8 flags the CLI sets for its own process and its worker threads. Node refuses these flags
 * in NODE_OPTIONS; one the user gives on `node`'s own command line stands. V8 reads each of
 * them as it goes (at each collection, at each function's next tier-up decision), so setting
 * them at start-up takes effect.
 */
const FLAGS = {
  /**
   * How far a heap grows past what survived its last full collection: 1.6 times it, rather
   * than up to four times. At 60 % a corpus's run stays below 1 GiB for a few percent more CPU
   * (docs/decisions/004-threads-and-cache.md, items 8 and 9).
   */
  "heap-growing-percent": 60,
  /**
   * How much bytecode a function runs before V8 considers optimizing it: about 15 times V8's
   * default. Most of a short run's code (a `check` of a few contracts, an edit) runs a few
   * times; optimizing it took a core's worth of CPU that the run's other thread wanted. Code
   * that stays hot, as in a corpus's run, is still optimized, a little later
   * (decision 004, item 11).
   */
  "interrupt-budget": 1_000_000,
} as const;

/** Sets each of the CLI's V8 flags that `execArgv` (node's own command line) does not give. */
export function setV8Flags(execArgv: readonly string[], set: (flag: string) => void = setFlagsFromString): void {
  for (const [flag, value] of Object.entries(FLAGS)) {
    // V8 takes either spelling: --heap-growing-percent or --heap_growing_percent.
    const pattern = new RegExp(`^--${flag.replaceAll("-", "[-_]")}(=|$)`);
    if (!execArgv.some((given) => pattern.test(given))) set(`--${flag}=${value}`);
  }
}
