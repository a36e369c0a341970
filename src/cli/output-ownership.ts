import { closeSync, fstatSync, openSync, readSync, constants } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { MANIFEST_PATH } from "../targets/manifest/emit-manifest.js";

/** A manifest larger than this is no charter's (the corpus's 654 contracts make one of about 1 MB). */
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

/**
 * Whether `dir` holds a charter manifest: a regular `manifest.json` (never
 * read through a link, never a FIFO or device, which would block or never
 * end) that parses and has charter's fields.
 */
export function holdsCharterManifest(dir: string): boolean {
  let fd: number;
  try {
    fd = openSync(path.join(dir, MANIFEST_PATH), constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return false;
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile() || info.size > MAX_MANIFEST_BYTES) return false;
    const bytes = Buffer.alloc(info.size);
    let read = 0;
    while (read < info.size) {
      const n = readSync(fd, bytes, read, info.size - read, read);
      if (n === 0) break;
      read += n;
    }
    const manifest = JSON.parse(bytes.subarray(0, read).toString("utf8")) as Record<string, unknown>;
    return (
      typeof manifest["manifestVersion"] === "number" &&
      Array.isArray(manifest["contracts"]) &&
      typeof manifest["baseUri"] === "string"
    );
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}

/**
 * `generate` owns its output directory whole, so it refuses to replace one it
 * did not write: the directory must be empty or hold a charter manifest (a
 * `manifest.json` that parses and has charter's fields, not any file of that name).
 */
export async function isReplaceable(outDir: string): Promise<boolean> {
  let entries: string[];
  try {
    entries = await readdir(outDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return true;
    throw error;
  }
  return entries.length === 0 || holdsCharterManifest(outDir);
}
