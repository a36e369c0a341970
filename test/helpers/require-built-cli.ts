import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { CLI_MAIN } from "./cli-entry.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/**
 * vitest's global set-up: refuses to start when dist/ is missing or older than src/, so that the
 * CLI the tests spawn (test/helpers/cli-entry.ts) is the one src/ makes. It builds nothing itself
 * (tests write only to temporary folders); `npm test` builds first.
 */
export default function requireBuiltCli(): void {
  const dry = spawnSync(process.execPath, ["node_modules/typescript/bin/tsc", "-b", "tsconfig.build.json", "--dry"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  const stale = dry.status !== 0 || /would build/.test(dry.stdout) || !existsSync(CLI_MAIN);
  if (stale) throw new Error("dist/ is missing or older than src/: run `npm run build` first (`npm test` does)");
}
