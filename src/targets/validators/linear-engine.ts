import { createRequire } from "node:module";
import type * as LinearEngine from "charter-runtime/re2js";

let loaded: typeof LinearEngine | undefined;

/**
 * The runtime's linear-time pattern engine, required on first use: only a contract that asks for
 * it (`validation.patterns: linear`) needs re2js, whose 260 kB took about 30 ms of every run to load.
 */
export function linearEngine(): typeof LinearEngine {
  return (loaded ??= createRequire(import.meta.url)("charter-runtime/re2js") as typeof LinearEngine);
}
