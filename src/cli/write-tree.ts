import { existsSync } from "node:fs";
import { access, constants, link, lstat, mkdir, open, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { MANIFEST_PATH } from "../targets/manifest/emit-manifest.js";

export const STAGING_SUFFIX = ".charter-new";
export const BACKUP_SUFFIX = ".charter-old";

/** Files written or linked at once while staging. */
const STAGING_WRITERS = 16;

/**
 * Replaces `outDir` with exactly `files`. The new tree is written and synced
 * (or, for a file that has not changed, linked to the old one) beside it, then
 * swapped in by two renames; if the process dies between them,
 * `recoverInterruptedWrite` puts the old tree back on the next run. Either way
 * a reader sees the old output or the new one, never a mix. A write that fails
 * removes its staging folder. Returns the previous tree when it could not be
 * removed after the swap (the new one is in place all the same).
 */
export async function writeTreeAtomically(
  outDir: string,
  files: ReadonlyMap<string, string>,
  /** Files whose bytes in `outDir` already equal `files`' : linked into the new tree rather than written and synced again. */
  unchanged: ReadonlySet<string> = new Set(),
): Promise<{ leftover?: string }> {
  // Folders of this run's own: never ones another run is filling or a user keeps.
  const staging = `${outDir}${STAGING_SUFFIX}-${process.pid}`;
  const backup = `${outDir}${BACKUP_SUFFIX}-${process.pid}`;
  try {
    await stage(outDir, staging, files, unchanged);
  } catch (error) {
    await rm(staging, { recursive: true, force: true }).catch(() => undefined);
    throw error;
  }
  await rm(backup, { recursive: true, force: true });
  const hadOutput = existsSync(outDir);
  if (hadOutput) await rename(outDir, backup);
  await rename(staging, outDir);
  await syncDirectory(path.dirname(outDir));
  if (hadOutput)
    return await removePreviousTree(backup).then(
      () => ({}),
      () => ({ leftover: backup }),
    );
  return {};
}

/**
 * Deletes a previous output, its manifest last: a deletion that stops midway
 * (a read-only folder in it) leaves a tree still recognisable as charter's,
 * which later runs then report rather than take for a user's folder.
 */
export async function removePreviousTree(dir: string): Promise<void> {
  const entries = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  if (entries === undefined) return;
  const failures: unknown[] = [];
  for (const entry of entries.filter((name) => name !== MANIFEST_PATH))
    await rm(path.join(dir, entry), { recursive: true, force: true }).catch((error: unknown) => failures.push(error));
  if (failures.length > 0) throw failures[0];
  await rm(dir, { recursive: true, force: true });
}

/** The new tree, in `staging`. */
async function stage(
  outDir: string,
  staging: string,
  files: ReadonlyMap<string, string>,
  unchanged: ReadonlySet<string>,
): Promise<void> {
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  const folders = new Set(
    [...files.keys()].map((relative) => path.dirname(path.join(staging, ...relative.split("/")))),
  );
  for (const folder of [...folders].sort()) await mkdir(folder, { recursive: true });
  // Files go in parallel, a bounded number at a time: each sync waits on the disk, not on this thread.
  const pending = [...files];
  const writer = async (): Promise<void> => {
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      const [relative, content] = next;
      await stageFile(outDir, path.join(staging, ...relative.split("/")), relative, content, unchanged.has(relative));
    }
  };
  await Promise.all(Array.from({ length: STAGING_WRITERS }, writer));
}

/** One file of the new tree: a hard link to the old file when its bytes are the same (where the file system has links), else written and synced. */
async function stageFile(
  outDir: string,
  target: string,
  relative: string,
  content: string,
  isUnchanged: boolean,
): Promise<void> {
  if (
    isUnchanged &&
    (await link(path.join(outDir, ...relative.split("/")), target).then(
      () => true,
      () => false,
    ))
  )
    return;
  const handle = await open(target, "w");
  try {
    await handle.writeFile(content, "utf8");
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * The first folder of the output (itself included, links not followed) whose
 * entries this process may not remove: replacing the output would move it
 * aside and then fail to delete it. Checked before anything is renamed, so
 * that a read-only tree is reported and left whole.
 */
export async function readOnlyFolder(outDir: string): Promise<{ folder: string; code: string } | undefined> {
  const pending = [outDir];
  while (pending.length > 0) {
    const folder = pending.pop()!;
    const kind = await lstat(folder).catch(() => undefined);
    if (!kind?.isDirectory()) continue;
    try {
      await access(folder, constants.W_OK | constants.X_OK);
      for (const entry of await readdir(folder, { withFileTypes: true }))
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
