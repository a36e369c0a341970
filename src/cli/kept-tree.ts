import { readdirSync, statSync } from "node:fs";
import path from "node:path";

/**
 * The output a swap replaced, kept by a process that writes again and again (`watch`) in its
 * own staging folder, to be filled again by its next run rather than deleted now and made
 * afresh then: most of its files are hard links to the new output's, which the next run
 * takes as they are (decision 004, item 15).
 */
export interface KeptTree {
  /** The staging folder it lies in. */
  folder: string;
  /** The output folder's identity right after the swap: another run's swap since voids `sameAsOutput`. */
  output: string;
  /** Its files that are the output's own (hard links, the same bytes): the run linked them. */
  sameAsOutput: ReadonlySet<string>;
}

/** A folder's identity: device and inode, which a rename keeps and a new folder does not have. */
export function folderIdentity(folder: string): string | undefined {
  try {
    const s = statSync(folder, { bigint: true });
    return s.isDirectory() ? `${s.dev}:${s.ino}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What a kept tree holds now, read from the disk rather than remembered: every entry that is
 * not a folder (by its path from the tree's root, `/`-separated), and every folder (absolute,
 * the root included). Undefined when it cannot be read.
 */
export function keptListing(folder: string): { files: Set<string>; folders: Set<string> } | undefined {
  const files = new Set<string>();
  const folders = new Set<string>([folder]);
  const walk = (dir: string, prefix: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const relative = prefix + entry.name;
      if (entry.isDirectory()) {
        folders.add(path.join(dir, entry.name));
        walk(path.join(dir, entry.name), `${relative}/`);
      } else files.add(relative);
    }
  };
  try {
    walk(folder, "");
  } catch {
    return undefined;
  }
  return { files, folders };
}
