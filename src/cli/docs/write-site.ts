import { existsSync } from "node:fs";
import { mkdir, readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { DOCS_MARKER } from "../../targets/docs/emit-docs.js";

const WRITES_AT_ONCE = 16;

/**
 * Replaces the site folder with these files: written beside it first, then swapped in by
 * renames, so that a reader (or a static host) sees the old site or the new one, never a mix.
 * Returns "foreign" without touching anything when the folder holds files and no marker of a
 * site charter wrote: it is someone else's.
 */
export async function writeSite(outDir: string, files: ReadonlyMap<string, string>): Promise<"written" | "foreign"> {
  if (existsSync(outDir)) {
    const entries = await readdir(outDir);
    if (entries.length > 0 && !entries.includes(DOCS_MARKER)) return "foreign";
  }
  const staging = `${outDir}.charter-new-${process.pid}`;
  const previous = `${outDir}.charter-old-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  try {
    const targets = [...files.keys()].map((file) => path.join(staging, ...file.split("/")));
    for (const folder of new Set(targets.map((target) => path.dirname(target))))
      await mkdir(folder, { recursive: true });
    // Several writes under way at once: each waits on the file system, and a large set has 15,000 files.
    const texts = [...files.values()];
    let next = 0;
    const writer = async () => {
      while (next < targets.length) {
        const index = next++;
        await writeFile(targets[index]!, texts[index]!);
      }
    };
    await Promise.all(Array.from({ length: Math.min(WRITES_AT_ONCE, targets.length) }, writer));
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  const hadSite = existsSync(outDir);
  if (hadSite) await rename(outDir, previous);
  await rename(staging, outDir);
  if (hadSite) await rm(previous, { recursive: true, force: true });
  return "written";
}
