import { setFlagsFromString } from "node:v8";

/**
 * Caps how far V8 grows a heap past what survived its last full collection: to twice it,
 * rather than up to four times. A corpus's run keeps 300-400 MB on the main thread, and this
 * cut its peak by a third at about the same CPU time (docs/decisions/004-threads-and-cache.md).
 * V8 reads the flag at each collection, so setting it at start-up takes effect. Node refuses
 * the flag in NODE_OPTIONS; a user's own `node --heap-growing-percent=…` stands.
 */
export function capHeapGrowth(execArgv: readonly string[]): void {
  if (!execArgv.some((flag) => /^--heap[-_]growing[-_]percent/.test(flag)))
    setFlagsFromString("--heap-growing-percent=100");
}
