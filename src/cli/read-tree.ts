import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** Every file under `dir` (hidden ones too: a stray file is drift), by `/`-separated relative path. Empty when `dir` does not exist. */
export async function readTree(dir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  let entries: string[];
  try {
    entries = await readdir(dir, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return files;
    throw error;
  }
  for (const entry of entries.sort()) {
    const absolute = path.join(dir, entry);
    try {
      files.set(entry.split(path.sep).join("/"), await readFile(absolute));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EISDIR") throw error;
    }
  }
  return files;
}
