import { accessSync, constants, existsSync, lstatSync, readdirSync, rmSync } from "node:fs";
import { open, rename } from "node:fs/promises";
import path from "node:path";
import { MANIFEST_PATH } from "../targets/manifest/emit-manifest.js";
import type { StagedTree } from "./staged-tree.js";

export const BACKUP_SUFFIX = ".charter-old";

/**
 * Replaces `outDir` with the staged tree. The tree is sealed (synced, or for
 * a file that has not changed, linked to the old one), then swapped in by two
 * renames; if the process dies between them, `recoverInterruptedWrite` puts
 * the old tree back on the next run. Either way a reader sees the old output
 * or the new one, never a mix. A seal that fails removes the staging folder.
 * Returns the previous tree when it could not be removed after the swap (the
 * new one is in place all the same).
 */
export async function swapInStagedTree(
  outDir: string,
  staged: StagedTree,
  /** Files whose bytes in `outDir` already equal the staged ones: linked rather than synced again. */
  unchanged: ReadonlySet<string> = new Set(),
): Promise<{ leftover?: string }> {
  // A folder of this run's own: never one another run is filling or a user keeps.
  const backup = `${outDir}${BACKUP_SUFFIX}-${process.pid}`;
  try {
    await staged.seal(outDir, unchanged);
  } catch (error) {
    await staged.discard().catch(() => undefined);
    throw error;
  }
  rmSync(backup, { recursive: true, force: true });
  const hadOutput = existsSync(outDir);
  if (hadOutput) await rename(outDir, backup);
  await rename(staged.folder, outDir);
  await syncDirectory(path.dirname(outDir));
  if (hadOutput)
    try {
      removePreviousTree(backup);
    } catch {
      return { leftover: backup };
    }
  return {};
}

/**
 * Deletes a previous output, its manifest last: a deletion that stops midway
 * (a read-only folder in it) leaves a tree still recognisable as charter's,
 * which later runs then report rather than take for a user's folder.
 * Synchronous, as the file-system walks of a write are: nothing else runs
 * meanwhile, and each call through the thread pool would cost a turn of the
 * event loop (a tree of 150 entries took 14 ms that way).
 */
export function removePreviousTree(dir: string): void {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  const failures: unknown[] = [];
  for (const entry of entries.filter((name) => name !== MANIFEST_PATH))
    try {
      rmSync(path.join(dir, entry), { recursive: true, force: true });
    } catch (error) {
      failures.push(error);
    }
  if (failures.length > 0) throw failures[0];
  rmSync(dir, { recursive: true, force: true });
}

/**
 * The first folder of the output (itself included, links not followed) whose
 * entries this process may not remove: replacing the output would move it
 * aside and then fail to delete it. Checked before anything is renamed, so
 * that a read-only tree is reported and left whole.
 */
export function readOnlyFolder(outDir: string): { folder: string; code: string } | undefined {
  const pending = [outDir];
  while (pending.length > 0) {
    const folder = pending.pop()!;
    let kind;
    try {
      kind = lstatSync(folder);
    } catch {
      continue;
    }
    if (!kind.isDirectory()) continue;
    try {
      accessSync(folder, constants.W_OK | constants.X_OK);
      for (const entry of readdirSync(folder, { withFileTypes: true }))
        if (entry.isDirectory()) pending.push(path.join(folder, entry.name));
    } catch (error) {
      return { folder, code: (error as NodeJS.ErrnoException).code ?? "EACCES" };
    }
  }
  return undefined;
}

/** Makes a rename durable: the directory entry itself must reach the disk. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
