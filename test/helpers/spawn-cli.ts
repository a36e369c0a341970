import { spawnSync } from "node:child_process";
import { cliArgs } from "./cli-entry.js";

export interface SpawnOptions {
  cwd: string;
  env?: Record<string, string>;
  /** Extra modules to preload, as file paths. */
  preload?: string[];
  /** Milliseconds before the process is killed (default 60,000). */
  timeout?: number;
}

/** Runs the real CLI in a child Node process: what a user's shell does. */
export function spawnCli(args: string[], options: SpawnOptions) {
  const result = spawnSync(process.execPath, cliArgs(args, options.preload), {
    cwd: options.cwd,
    env: { PATH: process.env["PATH"] ?? "", ...options.env },
    encoding: "utf8",
    timeout: options.timeout ?? 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
