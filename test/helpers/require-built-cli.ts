import { existsSync, readdirSync, statSync } from "node:fs";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CLI_MAIN } from "./cli-entry.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/**
 * vitest's global set-up: refuses to start when dist/ is missing or older than src/, or the CLI's
 * bundle (test/helpers/cli-entry.ts) older than what tsc wrote, so that the CLI the tests spawn is
 * the one src/ makes. It builds nothing itself (tests write only to temporary folders); `npm
 * test` builds first.
 */
export default function requireBuiltCli(): void {
  const dry = spawnSync(process.execPath, ["node_modules/typescript/bin/tsc", "-b", "tsconfig.build.json", "--dry"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  const stale = dry.status !== 0 || /would build/.test(dry.stdout) || !existsSync(CLI_MAIN) || bundleIsStale();
  if (stale) throw new Error("dist/ is missing or older than src/: run `npm run build` first (`npm test` does)");
}

/** `tsc -b` alone rewrites the modules the bundle was made from, and not the bundle. */
function bundleIsStale(): boolean {
  const bundled = statSync(CLI_MAIN).mtimeMs;
  const dist = path.join(ROOT, "dist");
  return readdirSync(dist, { recursive: true, withFileTypes: true }).some(
    (entry) =>
      entry.isFile() &&
      entry.name.endsWith(".js") &&
      path.join(entry.parentPath, entry.name) !== CLI_MAIN &&
      statSync(path.join(entry.parentPath, entry.name)).mtimeMs > bundled,
  );
}
