import type { CodeTable } from "../core/diagnostic.js";

export const DRIFT_CODES = {
  missing: {
    code: "CH501",
    title: "generated file missing",
    help: "A fresh run produces this file but it is not in the output directory. Run `charter generate` (for a docs site that `charter check` covers, `charter docs`) and commit the result.",
  },
  stale: {
    code: "CH502",
    title: "generated file differs from a fresh run",
    help: "The committed file is not what the sources produce: it was edited by hand, or a source changed without regenerating. Run `charter generate` (for a docs site that `charter check` covers, `charter docs`) and commit the result; change the source, never the output.",
  },
  orphaned: {
    code: "CH503",
    title: "file not produced by charter",
    help: "The output directory holds a file that a fresh run does not produce (a stray file, or the output of a removed contract). Run `charter generate` (for a docs site, `charter docs`), which removes it, and commit the result.",
  },
} satisfies CodeTable;

declare module "../core/diagnostic.js" {
  interface CodeTables {
    drift: typeof DRIFT_CODES;
  }
}
