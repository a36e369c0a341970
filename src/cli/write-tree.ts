import { accessSync, constants, existsSync, lstatSync, readdirSync, renameSync, rmSync } from "node:fs";
import { open, rename } from "node:fs/promises";
import path from "node:path";
import { MANIFEST_PATH } from "../targets/manifest/emit-manifest.js";
import type { StagedTree } from "./staged-tree.js";
import { folderIdentity, type KeptTree } from "./kept-tree.js";

export const BACKUP_SUFFIX = ".charter-old";

/**
 * Replaces `outDir` with the staged tree. The tree is sealed (synced, or for
 * a file that has not changed, linked to the old one), then swapped in by two
 * renames; if the process dies between them, `recoverInterruptedWrite` puts
 * the old tree back on the next run. Either way a reader sees the old output
 * or the new one, never a mix. A seal that fails removes the staging folder.
 * Returns the previous tree when it could not be removed after the swap (the
 * new one is in place all the same), or, with `keep`, where it was kept.
 */
export async function swapInStagedTree(
  outDir: string,
  staged: StagedTree,
  /** Files whose bytes in `outDir` already equal the staged ones: linked rather than synced again. */
  unchanged: ReadonlySet<string> = new Set(),
  /** Keep the previous tree in the staging folder, for the next run of this process to fill (`watch`). */
  keep = false,
): Promise<{ leftover?: string; kept?: KeptTree }> {
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
  staged.swappedIn();
  await syncDirectory(path.dirname(outDir));
  const output = keep && hadOutput ? folderIdentity(outDir) : undefined;
  if (output !== undefined)
    try {
      // Named as this process's staging folder, which no other run removes while it lives.
      renameSync(backup, staged.folder);
      // Linked, and found under the lock to be the output's own: the previous tree's files, which the new one shares.
      const sameAsOutput = new Set([...staged.linkedFiles()].filter((file) => unchanged.has(file)));
      return { kept: { folder: staged.folder, output, sameAsOutput } };
    } catch {
      // Removed instead, as without `keep`.
    }
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
