import { lstatSync, mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** The environment variable that names the folder of compiled code, or turns it off with `off`. */
export const COMPILED_CODE_VARIABLE = "CHARTER_COMPILED_CODE";

/**
 * Where V8's compiled code of charter's own dependencies (TypeScript, ts-morph, prettier) is kept
 * between processes (src/tasks/code-cache.ts), or undefined when none is to be used. It holds
 * code, never a result: an entry is named by the digest of the file it was compiled from and
 * V8 refuses one of another Node or other flags, so it cannot change what a run computes, only
 * how soon TypeScript is ready. Every command uses it, `check` too (decision 004, "`check` with
 * the types on a thread of its own"); `--no-cache` turns it off with the cache, for a truly cold run.
 *
 * By default it is a folder of this user's in the system's temporary folder, where Node 22's own
 * compile cache goes (`module.enableCompileCache()`); `CHARTER_COMPILED_CODE` names another, or
 * `off`. A folder this process did not create for this user alone (another owner, writable by
 * others, a link) is not used: its code would run here.
 */
export function compiledCodeFolder(env: NodeJS.ProcessEnv, noCache: boolean | undefined): string | undefined {
  if (noCache === true) return undefined;
  const named = env[COMPILED_CODE_VARIABLE];
  if (named === "off") return undefined;
  const folder =
    named !== undefined && named !== ""
      ? path.resolve(named)
      : path.join(os.tmpdir(), `charter-compiled-code-${owner()}`);
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    return privateFolder(folder) ? folder : undefined;
  } catch {
    // A folder that cannot be made (a read-only disk): TypeScript is compiled afresh, as without one.
    return undefined;
  }
}

/** This user, as the folder's name tells them apart: the user id where there is one. */
function owner(): string {
  return process.getuid?.().toString() ?? os.userInfo().username.replace(/[^A-Za-z0-9_-]/g, "_");
}

/** A real folder (no link), owned by this process's user, that no one else may write to. */
function privateFolder(folder: string): boolean {
  const stat = lstatSync(folder);
  if (!stat.isDirectory()) return false;
  // Windows has no user ids or group bits: its temporary folder is the user's own.
  if (process.getuid === undefined) return true;
  return stat.uid === process.getuid() && (stat.mode & 0o022) === 0;
}
