import { readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";

/** Pruning goes this far below the limit, so that the next few runs do not each prune again. */
const PRUNE_TO = 0.8;

/** The cache's size as the last runs left it, so that most runs need not list every entry. */
const USAGE_FILE = "usage.json";
/** A folder listed longer ago than this is listed again, whatever the estimate says (entries removed by hand, runs that died). */
const RESCAN_MS = 24 * 60 * 60 * 1000;

/**
 * After a run that added `addedBytes`: prunes when the estimate of the
 * folder's size (the last listing's, plus what runs added since) passes
 * `maxBytes`, or the last listing is a day old. Concurrent runs may each miss
 * the other's addition; the daily listing corrects the estimate.
 */
export async function pruneWhenFull(dir: string, addedBytes: number, maxBytes: number): Promise<void> {
  const usageFile = path.join(dir, USAGE_FILE);
  const usage = await readFile(usageFile, "utf8")
    .then((text) => JSON.parse(text) as { bytes?: unknown; listedAt?: unknown })
    .catch(() => ({}) as { bytes?: unknown; listedAt?: unknown });
  const estimate = typeof usage.bytes === "number" ? usage.bytes + addedBytes : Infinity;
  const listedAt = typeof usage.listedAt === "number" ? usage.listedAt : 0;
  const now = Date.now();
  const next =
    estimate > maxBytes || !(now - listedAt < RESCAN_MS)
      ? { bytes: await pruneLeastRecentlyUsed(dir, maxBytes), listedAt: now }
      : { bytes: estimate, listedAt };
  await writeFile(usageFile, JSON.stringify(next));
}

/**
 * Removes the entries of a cache folder least recently used first (their
 * modification time, which a read renews) until what is left takes at most
 * `maxBytes`, and then a fifth less; returns the bytes left. Entries another
 * run removes meanwhile are simply gone.
 */
export async function pruneLeastRecentlyUsed(dir: string, maxBytes: number): Promise<number> {
  const entries: { file: string; bytes: number; used: number }[] = [];
  for (const shard of await readdir(dir, { withFileTypes: true })) {
    if (!shard.isDirectory()) continue;
    for (const name of await readdir(path.join(dir, shard.name)).catch(() => [])) {
      const file = path.join(dir, shard.name, name);
      const info = await stat(file).catch(() => undefined);
      if (info?.isFile()) entries.push({ file, bytes: info.size, used: info.mtimeMs });
    }
  }
  let total = entries.reduce((sum, e) => sum + e.bytes, 0);
  if (total <= maxBytes) return total;
  // Oldest first; ties by name, so that two runs prune alike.
  entries.sort((a, b) => a.used - b.used || (a.file < b.file ? -1 : 1));
  for (const entry of entries) {
    if (total <= maxBytes * PRUNE_TO) break;
    await rm(entry.file, { force: true }).catch(() => undefined);
    total -= entry.bytes;
  }
  return total;
}
