import { existsSync } from "node:fs";
import { link, mkdir, open, readdir, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import { MANIFEST_PATH } from "../targets/manifest/emit-manifest.js";

export const STAGING_SUFFIX = ".charter-new";
export const BACKUP_SUFFIX = ".charter-old";

/**
 * Replaces `outDir` with exactly `files`. The new tree is written and synced
 * (or, for a file that has not changed, linked to the old one) beside it, then swapped in by two renames; if the process dies between them,
 * `recoverInterruptedWrite` puts the old tree back on the next run. Either
 * way a reader sees the old output or the new one, never a mix.
 */
export async function writeTreeAtomically(
  outDir: string,
  files: ReadonlyMap<string, string>,
  /** Files whose bytes in `outDir` already equal `files`' : linked into the new tree rather than written and synced again. */
  unchanged: ReadonlySet<string> = new Set(),
): Promise<void> {
  // A folder of this run's own: never one another run is filling.
  const staging = `${outDir}${STAGING_SUFFIX}-${process.pid}`;
  const backup = outDir + BACKUP_SUFFIX;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  const folders = new Set(
    [...files.keys()].map((relative) => path.dirname(path.join(staging, ...relative.split("/")))),
  );
  for (const folder of [...folders].sort()) await mkdir(folder, { recursive: true });
  // Files go in parallel, a bounded number at a time: each sync waits on the disk, not on this thread.
  const pending = [...files];
  const stage = async (): Promise<void> => {
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      const [relative, content] = next;
      await stageFile(outDir, path.join(staging, ...relative.split("/")), relative, content, unchanged.has(relative));
    }
  };
  await Promise.all(Array.from({ length: STAGING_WRITERS }, stage));
  await rm(backup, { recursive: true, force: true });
  const hadOutput = existsSync(outDir);
  if (hadOutput) await rename(outDir, backup);
  await rename(staging, outDir);
  await syncDirectory(path.dirname(outDir));
  if (hadOutput) await rm(backup, { recursive: true, force: true });
}

/** Files written or linked at once while staging. */
const STAGING_WRITERS = 16;

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
 * Finishes or undoes a swap that a killed run left half done, and removes the
 * staging folders killed runs left. Only under the output lock: then no other
 * run is staging.
 */
export async function recoverInterruptedWrite(outDir: string): Promise<void> {
  const backup = outDir + BACKUP_SUFFIX;
  if (existsSync(backup)) {
    if (existsSync(outDir)) await rm(backup, { recursive: true, force: true });
    else await rename(backup, outDir);
  }
  const parent = path.dirname(outDir);
  const prefix = path.basename(outDir) + STAGING_SUFFIX;
  const entries = await readdir(parent).catch(() => [] as string[]);
  for (const entry of entries) {
    if (entry === prefix || entry.startsWith(`${prefix}-`))
      await rm(path.join(parent, entry), { recursive: true, force: true });
  }
}

/**
 * `generate` owns its output directory whole, so it refuses to replace one it
 * did not write: the directory must be empty or hold a charter manifest (a
 * `manifest.json` that parses and has charter's fields, not any file of that name).
 */
export async function isReplaceable(outDir: string): Promise<boolean> {
  if (!existsSync(outDir)) return true;
  const entries = await readdir(outDir);
  if (entries.length === 0) return true;
  try {
    const manifest = JSON.parse(await readFile(path.join(outDir, MANIFEST_PATH), "utf8")) as Record<string, unknown>;
    return (
      typeof manifest["manifestVersion"] === "number" &&
      Array.isArray(manifest["contracts"]) &&
      typeof manifest["baseUri"] === "string"
    );
  } catch {
    return false;
  }
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
