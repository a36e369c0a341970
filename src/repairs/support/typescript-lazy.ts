import type { ts } from "./typescript-api.js";
import { requireOnFirstUse } from "../../core/require-on-first-use.js";
import { loadCompiledCode } from "../../tasks/compiled-code.js";
import { typeScriptFiles } from "./typescript-files.js";

const tsMorphPackage = requireOnFirstUse<{ ts: typeof ts }>(import.meta.url, "ts-morph");
let compiled = false;

/** ts-morph, its first load from V8's compiled code when this thread has a folder of it (tasks/compiled-code.ts). */
function tsMorph(): { ts: typeof ts } {
  if (!compiled) {
    compiled = true;
    loadCompiledCode(typeScriptFiles);
  }
  return tsMorphPackage();
}

/**
 * TypeScript (the copy ts-morph bundles), required on the first call. The repairs are imported
 * wherever their registry is, the main thread included, which runs only their schema hooks; the
 * AST hooks run where the types are made, which may be another thread (src/targets/types).
 */
export function typescript(): typeof ts {
  return tsMorph().ts;
}
