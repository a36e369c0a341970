import { existsSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { hostname } from "node:os";
import { isAlive } from "./output-lock.js";
import { holdsCharterManifest } from "./output-ownership.js";
import { stagingRun } from "./staged-tree.js";
import { BACKUP_SUFFIX, removePreviousTree } from "./write-tree.js";

/**
 * Finishes or undoes a swap that a killed run left half done, and removes the
 * staging folders killed runs left. Only under the output lock: then no other
 * run is swapping. Runs stage while they compile, without the lock: the
 * folder of a run still alive (this one's included) is left to it. A previous
 * tree beside the output (`<out>.charter-old`, `<out>.charter-old-<pid>`) is
 * charter's only when it holds a charter manifest: anything else of that name
 * is a user's, and is left alone.
 * Returns the previous trees that could not be removed (a read-only folder
 * in one): the run goes on, and says so.
 */
export function recoverInterruptedWrite(outDir: string): string[] {
  const parent = path.dirname(outDir);
  const entries = listing(parent);
  const backups = entries
    .filter((entry) => isBackup(outDir, entry))
    .map((entry) => path.join(parent, entry))
    .filter(holdsCharterManifest);
  if (!existsSync(outDir) && backups.length > 0) {
    // Killed between the two renames: the newest previous tree is the output.
    const newest = backups.sort((a, b) => modified(b) - modified(a) || (a < b ? -1 : 1)).shift()!;
    renameSync(newest, outDir);
  }
  const left: string[] = [];
  for (const backup of backups.sort())
    try {
      removePreviousTree(backup);
    } catch {
      left.push(backup);
    }
  for (const entry of entries) {
    const run = stagingRun(outDir, entry);
    if (run === undefined || (run.pid !== undefined && isAlive({ pid: run.pid, host: run.host ?? hostname() })))
      continue;
    try {
      rmSync(path.join(parent, entry), { recursive: true, force: true });
    } catch {
      // Left for a later run; nothing of this run's depends on it.
    }
  }
  return left;
}

/**
 * Whether anything beside the output is named as what a killed run leaves (a previous tree, a
 * staging folder): a look without the lock, so that a run finding none takes no lock for it.
 */
export function mayHaveLeftovers(outDir: string): boolean {
  return listing(path.dirname(outDir)).some((entry) => isBackup(outDir, entry) || isOthers(stagingRun(outDir, entry)));
}

/** A staging folder of another run: this process's own (the previous output `watch` keeps there) is no leftover. */
function isOthers(run: ReturnType<typeof stagingRun>): boolean {
  return run !== undefined && !(run.pid === process.pid && run.host === hostname());
}

/** The names in a folder; none where it cannot be read (the write meets that again). */
function listing(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}

function isBackup(outDir: string, entry: string): boolean {
  const base = path.basename(outDir);
  return entry === base + BACKUP_SUFFIX || entry.startsWith(`${base}${BACKUP_SUFFIX}-`);
}

function modified(dir: string): number {
  try {
    return statSync(dir).mtimeMs;
  } catch {
    return 0;
  }
}
