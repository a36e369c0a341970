import { readdir } from "node:fs/promises";
import path from "node:path";
import { MANIFEST_PATH } from "../targets/manifest/emit-manifest.js";
import { readRegularFile } from "./read-tree.js";

/** A manifest larger than this is no charter's (the corpus's 654 contracts make one of about 1 MB). */
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

/**
 * Whether `dir` holds a charter manifest: a regular `manifest.json` (never
 * read through a link, never a FIFO or device, which would block or never
 * end) that parses and has charter's fields.
 */
export function holdsCharterManifest(dir: string): boolean {
  try {
    const bytes = readRegularFile(path.join(dir, MANIFEST_PATH), MAX_MANIFEST_BYTES + 1);
    if (bytes === null || bytes.length > MAX_MANIFEST_BYTES) return false;
    const manifest = JSON.parse(bytes.toString("utf8")) as Record<string, unknown>;
    return (
      typeof manifest["manifestVersion"] === "number" &&
      Array.isArray(manifest["contracts"]) &&
      typeof manifest["baseUri"] === "string"
    );
  } catch {
    return false;
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
