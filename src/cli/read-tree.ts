import { readFileSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";

/**
 * Every entry under `dir`, by `/`-separated relative path: the bytes of each
 * regular file, and `null` for what is not one (a symbolic link, whose target
 * is never read, or a socket). Hidden
 * entries count: a stray file is drift. Empty when `dir` does not exist.
 */
export async function readTree(dir: string): Promise<Map<string, Buffer | null>> {
  const entries = new Map<string, Buffer | null>();
  const walk = async (folder: string, relative: string): Promise<void> => {
    const children = (await readdir(folder, { withFileTypes: true })).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
    for (const child of children) {
      const name = relative === "" ? child.name : `${relative}/${child.name}`;
      const absolute = path.join(folder, child.name);
      if (child.isDirectory()) {
        // An empty folder is not reported: git does not keep one, so it cannot be committed drift.
        await walk(absolute, name);
      } else if (child.isFile()) {
        // One after another without a promise each: a tree of small files reads several times faster.
        entries.set(name, readFileSync(absolute));
      } else {
        entries.set(name, null);
      }
    }
  };
  try {
    await walk(dir, "");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return new Map();
    throw error;
  }
  return entries;
}
