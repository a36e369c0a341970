import type * as LinearEngine from "charter-runtime/re2js";
import { requireOnFirstUse } from "../../core/require-on-first-use.js";

/**
 * The runtime's linear-time pattern engine, required on first use: only a contract that asks for
 * it (`validation.patterns: linear`) needs re2js, whose 260 kB took about 30 ms of every run to load.
 */
export const linearEngine = requireOnFirstUse<typeof LinearEngine>(import.meta.url, "charter-runtime/re2js");
