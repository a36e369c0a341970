import { setFlagsFromString } from "node:v8";

/**
 * Caps how far V8 grows a heap past what survived its last full collection: to 1.6 times it,
 * rather than up to four times. At 100 % a corpus's run peaked a third lower at about the same
 * CPU time; at 60 %, once the stages' data was let go of early, below 1 GiB for a few percent
 * more CPU (docs/decisions/004-threads-and-cache.md, items 8 and 9).
 * V8 reads the flag at each collection, so setting it at start-up takes effect. Node refuses
 * the flag in NODE_OPTIONS; a user's own `node --heap-growing-percent=…` stands.
 */
export function capHeapGrowth(execArgv: readonly string[]): void {
  if (!execArgv.some((flag) => /^--heap[-_]growing[-_]percent/.test(flag)))
    setFlagsFromString("--heap-growing-percent=60");
}
