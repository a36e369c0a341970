import { closeSync, constants, fstatSync, openSync, readdirSync, readSync } from "node:fs";
import path from "node:path";

/** A file larger than this is read only in part when no limit is given: no output file of charter's comes near it. */
export const MAX_TREE_FILE_BYTES = 256 * 1024 * 1024;

/**
 * Every entry under `dir`, by `/`-separated relative path: the bytes of each
 * regular file, and `null` for what is not one (a symbolic link, whose target
 * is never read, a FIFO or a device, which would block or never end). Hidden
 * entries count: a stray file is drift. Empty when `dir` does not exist.
 *
 * `budget` bounds the reading: the bytes read of each file at most (files it
 * gives no budget are listed, as `null`, and not read; a budget of 0 lists a
 * regular file as an empty buffer without opening it). A caller comparing
 * with fresh output passes each fresh file's length plus one, enough to tell
 * that a larger file differs without reading a stray gigabyte. Synchronous:
 * the callers wait for the whole tree anyway, and a listing through the
 * thread pool costs a turn of the event loop per folder.
 */
export function readTree(
  dir: string,
  budget: (relative: string) => number | undefined = () => MAX_TREE_FILE_BYTES,
): Map<string, Buffer | null> {
  const entries = new Map<string, Buffer | null>();
  const walk = (folder: string, relative: string): void => {
    const children = readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
    for (const child of children) {
      const name = relative === "" ? child.name : `${relative}/${child.name}`;
      const absolute = path.join(folder, child.name);
      // An empty folder is not reported: git does not keep one, so it cannot be committed drift.
      if (child.isDirectory()) walk(absolute, name);
      else {
        const limit = child.isFile() ? budget(name) : undefined;
        // Nothing to read: the folder's word that it is a regular file, without opening it.
        entries.set(
          name,
          limit === undefined ? null : limit === 0 ? Buffer.alloc(0) : readRegularFile(absolute, limit),
        );
      }
    }
  };
  try {
    walk(dir, "");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" && (error as NodeJS.ErrnoException).path === dir)
      return new Map();
    throw error;
  }
  return entries;
}

/**
 * At most `limit` bytes of a regular file, or null when what is there is not
 * one (replaced by a link or a FIFO since it was listed). One read after
 * another without a promise each: a tree of small files reads several times
 * faster.
 */
export function readRegularFile(file: string, limit: number): Buffer | null {
  const fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) return null;
    const size = Math.min(info.size, limit);
    const bytes = Buffer.alloc(size);
    let read = 0;
    while (read < size) {
      const n = readSync(fd, bytes, read, size - read, read);
      if (n === 0) break;
      read += n;
    }
    return read === size ? bytes : bytes.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}
