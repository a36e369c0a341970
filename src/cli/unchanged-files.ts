import { statSync } from "node:fs";
import path from "node:path";
import { readRegularFile, readTree } from "./read-tree.js";
import type { StagedTree } from "./staged-tree.js";

/**
 * The staged files whose bytes the output directory already holds, and how
 * many entries it has. Each is read only when its size matches, one at a
 * time: the old tree is never in memory whole. Synchronous, as the write's other walks are.
 */
export function unchangedFiles(outDir: string, staged: StagedTree): { unchanged: Set<string>; entries: number } {
  // Listed, not read: a regular file is an empty buffer, anything else (a link, a device) null and never opened.
  const listed = readTree(outDir, () => 0);
  const unchanged = new Set<string>();
  for (const [file, { bytes }] of staged.files) {
    if (!listed.get(file)) continue;
    const where = path.join(outDir, ...file.split("/"));
    // A kept file is a link to the output's own, unless another run has replaced the output since.
    if (staged.isLinked(file) && sameFile(where, path.join(staged.folder, ...file.split("/")))) {
      unchanged.add(file);
      continue;
    }
    const existing = readRegularFile(where, bytes + 1);
    if (existing && staged.holds(file, existing)) unchanged.add(file);
  }
  return { unchanged, entries: listed.size };
}

function sameFile(a: string, b: string): boolean {
  try {
    const [x, y] = [statSync(a), statSync(b)];
    return x.dev === y.dev && x.ino === y.ino;
  } catch {
    return false;
  }
}
