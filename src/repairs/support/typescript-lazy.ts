import { createRequire } from "node:module";
import type { ts } from "./typescript-api.js";
import { requireOnFirstUse } from "../../core/require-on-first-use.js";

const tsMorph = requireOnFirstUse<{ ts: typeof ts }>(import.meta.url, "ts-morph");

/**
 * TypeScript (the copy ts-morph bundles), required on the first call. The repairs are imported
 * wherever their registry is, the main thread included, which runs only their schema hooks; the
 * AST hooks run where the types are made, which may be another thread (src/targets/types).
 */
export function typescript(): typeof ts {
  return tsMorph().ts;
}

/** The files `typescript()` loads that are worth V8's code cache (src/tasks/code-cache.ts): TypeScript's, then ts-morph's, each required by the next. */
export function typeScriptFiles(): string[] {
  const morph = createRequire(import.meta.url).resolve("ts-morph");
  const common = createRequire(morph).resolve("@ts-morph/common");
  return [createRequire(common).resolve("./typescript"), common, morph];
}
