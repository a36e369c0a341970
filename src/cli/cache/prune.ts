import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";

/** Pruning goes this far below the limit, so that the next few runs do not each prune again. */
const PRUNE_TO = 0.8;

/**
 * Removes the entries of a cache folder least recently used first (their
 * modification time, which a read renews) until what is left takes at most
 * `maxBytes`, and then a fifth less. Entries another run removes meanwhile
 * are simply gone.
 */
export async function pruneLeastRecentlyUsed(dir: string, maxBytes: number): Promise<void> {
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
  if (total <= maxBytes) return;
  // Oldest first; ties by name, so that two runs prune alike.
  entries.sort((a, b) => a.used - b.used || (a.file < b.file ? -1 : 1));
  for (const entry of entries) {
    if (total <= maxBytes * PRUNE_TO) break;
    await rm(entry.file, { force: true }).catch(() => undefined);
    total -= entry.bytes;
  }
}
