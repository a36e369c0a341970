import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** Past this size a file under the sources makes the record unusable rather than be read on every run. */
const MAX_DIGESTED_BYTES = 64 * 1024 * 1024;

/**
 * A digest of everything under the source folder: each entry's relative
 * path, and each file's bytes, in code-unit order. Sources, examples and
 * counterexamples all live there, so two equal digests mean that compiling
 * reads the same tree. Undefined when the tree holds what a digest cannot
 * vouch for (a symbolic link, a socket, a folder that cannot be listed): the
 * run then compiles, and says what it met.
 */
export async function sourceTreeDigest(sourceDir: string): Promise<string | undefined> {
  const hash = createHash("sha256");
  const walk = async (folder: string, relative: string): Promise<boolean> => {
    const children = (await readdir(folder, { withFileTypes: true })).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
    for (const child of children) {
      const name = relative === "" ? child.name : `${relative}/${child.name}`;
      if (child.isDirectory()) {
        hash.update(`d\0${name}\0`);
        if (!(await walk(path.join(folder, child.name), name))) return false;
      } else if (child.isFile()) {
        const file = path.join(folder, child.name);
        // A file far larger than any source is not hashed on every run: the run compiles, and says what it is.
        if (statSync(file).size > MAX_DIGESTED_BYTES) return false;
        // One after another without a promise each: many small files, read several times faster.
        const bytes = readFileSync(file);
        hash.update(`f\0${name}\0${bytes.length}\0`).update(bytes);
      } else return false;
    }
    return true;
  };
  try {
    return (await walk(sourceDir, "")) ? hash.digest("hex") : undefined;
  } catch {
    return undefined;
  }
}

/** The sha256 of a file's bytes, or undefined when it cannot be read. */
export async function fileDigest(file: string): Promise<string | undefined> {
  try {
    return createHash("sha256")
      .update(await readFile(file))
      .digest("hex");
  } catch {
    return undefined;
  }
}
