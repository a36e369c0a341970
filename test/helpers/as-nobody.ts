import { spawnSync } from "node:child_process";
import { chmodSync, readdirSync } from "node:fs";
import path from "node:path";
import { cliArgs } from "./cli-entry.js";

/**
 * The real CLI as an unprivileged user (nobody): root reads and deletes
 * whatever the modes say, and these tests run as root here, so a permission
 * has to bind someone.
 */
export function asNobody(args: string[], cwd: string): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(
    "setpriv",
    ["--reuid=65534", "--regid=65534", "--clear-groups", process.execPath, ...cliArgs(args)],
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
