import { realpath } from "node:fs/promises";
import path from "node:path";
import type { DocumentResolution } from "../../settings/resolution.js";

/**
 * `$id`/`$ref` URIs starting with `prefix` are files under `dir` (absolute).
 * Its `dialect` and `ids` apply to the files read through it that are not
 * sources (a source follows the config's `resolution`).
 */
export interface CatalogMapping extends DocumentResolution {
  prefix: string;
  dir: string;
}

export type CatalogFile = { kind: "file"; file: string } | { kind: "missing" } | { kind: "outside" };

/**
 * The file a `--catalog PREFIX=DIR` mapping gives a URI (the longest prefix
 * wins), as a real path inside the mapped folder: `undefined` when no prefix
 * matches, `outside` when a symbolic link leads out of the folder.
 */
export async function catalogFile(uri: string, catalog: readonly CatalogMapping[]): Promise<CatalogFile | undefined> {
  const mapping = catalog.filter((m) => uri.startsWith(m.prefix)).sort((a, b) => b.prefix.length - a.prefix.length)[0];
  if (!mapping) return undefined;
  let relative: string;
  try {
    // A prefix written without its final "/" still maps the rest of the path under the folder.
    relative = decodeURIComponent(uri.slice(mapping.prefix.length)).replace(/^\/+/, "");
  } catch {
    return { kind: "missing" };
  }
  const folder = await realpath(mapping.dir).catch(() => undefined);
  const file = await realpath(path.resolve(mapping.dir, relative)).catch(() => undefined);
  if (relative === "" || !folder || !file) return { kind: "missing" };
  // Real paths, so that a symbolic link cannot lead out of the folder.
  if (!file.startsWith(folder + path.sep)) return { kind: "outside" };
  return { kind: "file", file };
}

/**
 * The settings of the catalog entries whose folder holds `file` (a real
 * path): each key from the innermost folder that sets it, and for one folder
 * mapped twice, from the first entry. Decided by where the file is, not by
 * the URI that reached it, so that two prefixes of one folder cannot make it
 * depend on which reference came first.
 */
export async function catalogSettings(file: string, catalog: readonly CatalogMapping[]): Promise<DocumentResolution> {
  const holding: { depth: number; order: number; mapping: CatalogMapping }[] = [];
  for (const [order, mapping] of catalog.entries()) {
    const folder = await realpath(mapping.dir).catch(() => undefined);
    if (folder !== undefined && file.startsWith(folder + path.sep))
      holding.push({ depth: folder.length, order, mapping });
  }
  holding.sort((a, b) => b.depth - a.depth || a.order - b.order);
  const settings: DocumentResolution = {};
  for (const { mapping } of holding) {
    if (settings.dialect === undefined && mapping.dialect !== undefined) settings.dialect = mapping.dialect;
    if (settings.ids === undefined && mapping.ids !== undefined) settings.ids = mapping.ids;
  }
  return settings;
}
