import { createRequire } from "node:module";

/** The files `typescript()` loads that are worth V8's code cache (src/tasks/code-cache.ts): TypeScript's, then ts-morph's, each required by the next. */
export function typeScriptFiles(): string[] {
  const morph = createRequire(import.meta.url).resolve("ts-morph");
  const common = createRequire(morph).resolve("@ts-morph/common");
  return [createRequire(common).resolve("./typescript"), common, morph];
}
