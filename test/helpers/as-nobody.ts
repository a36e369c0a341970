import { spawnSync } from "node:child_process";
import { chmodSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const MAIN = fileURLToPath(new URL("../../src/cli/main.ts", import.meta.url));
const TSX = pathToFileURL(fileURLToPath(new URL("../../node_modules/tsx/dist/loader.mjs", import.meta.url))).href;

/**
 * The real CLI as an unprivileged user (nobody): root reads and deletes
 * whatever the modes say, and these tests run as root here, so a permission
 * has to bind someone.
 */
export function asNobody(args: string[], cwd: string): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(
    "setpriv",
    ["--reuid=65534", "--regid=65534", "--clear-groups", process.execPath, "--import", TSX, MAIN, ...args],
    { cwd, encoding: "utf8", env: { PATH: process.env["PATH"] ?? "" }, timeout: 60_000 },
  );
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Every entry under `dir`, recursively, made readable and writable by all, so that nobody may work in the project. */
export function openToAll(dir: string): void {
  chmodSync(dir, 0o777);
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true }))
    chmodSync(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o777 : 0o666);
}
