import { readdir } from "node:fs/promises";
import path from "node:path";
import { glob } from "tinyglobby";
import { compareStrings } from "../../core/diagnostic.js";
import { INSTANCE_FOLDER_IGNORES } from "./instance-files.js";

export const SOURCE_EXTENSIONS = [".yaml", ".yml", ".json"] as const;

export interface SourceFile {
  /** Absolute path on disk. */
  absolutePath: string;
  /** Path relative to the source directory, with `/` separators. */
  relativePath: string;
  /** Contract name: the relative path without its extension. */
  name: string;
}

/**
 * Every source file under `sourceDir`, in code-unit order of relative path so
 * that the file system's listing order never shows in the output. Hidden files
 * and folders are skipped, and symbolic links are not followed, so discovery
 * cannot leave the tree.
 */
export async function discoverSources(sourceDir: string): Promise<SourceFile[]> {
  const found = await glob(["**/*.yaml", "**/*.yml", "**/*.json"], {
    cwd: sourceDir,
    dot: false,
    followSymbolicLinks: false,
    onlyFiles: true,
    expandDirectories: false,
    // A contract's example and counterexample files are data, not sources.
    ignore: INSTANCE_FOLDER_IGNORES,
  });
  return found
    .map((relative) => relative.split(path.sep).join("/"))
    .sort(compareStrings)
    .map((relativePath) => ({
      absolutePath: path.join(sourceDir, relativePath),
      relativePath,
      name: relativePath.slice(0, relativePath.length - path.posix.extname(relativePath).length),
    }));
}

/**
 * The folders under `sourceDir` that cannot be listed (permissions, a failing disk), with the
 * reason: discovery would skip them without a word, and `generate` would then delete the outputs
 * of the contracts they hold. Hidden folders and symbolic links are left out, as discovery
 * leaves them out.
 */
export async function unreadableFolders(sourceDir: string): Promise<{ folder: string; reason: string }[]> {
  const unreadable: { folder: string; reason: string }[] = [];
  const pending = [sourceDir];
  while (pending.length > 0) {
    const folder = pending.pop()!;
    try {
      for (const entry of await readdir(folder, { withFileTypes: true }))
        if (entry.isDirectory() && !entry.name.startsWith(".")) pending.push(path.join(folder, entry.name));
    } catch (error) {
      // The source folder itself is checked before anything runs (CH004).
      if (folder !== sourceDir)
        unreadable.push({ folder, reason: (error as NodeJS.ErrnoException).code ?? "read failed" });
    }
  }
  return unreadable.sort((a, b) => compareStrings(a.folder, b.folder));
}
