import { MANIFEST_PATH, type Manifest } from "../targets/manifest/emit-manifest.js";
import type { ContractTree } from "./diff-trees.js";

/** The files of a generated tree that `charter diff` reads: the manifest, the bundled schemas, the types. */
export function isDiffInput(path: string): boolean {
  return (
    path === MANIFEST_PATH ||
    (path.startsWith("schemas/") && path.endsWith(".schema.json")) ||
    (path.startsWith("types/") && path.endsWith(".ts"))
  );
}

/** A generated tree from its files; a message when it has no charter manifest to read. */
export function contractTree(files: ReadonlyMap<string, string>): ContractTree | string {
  const text = files.get(MANIFEST_PATH);
  if (text === undefined) return `no ${MANIFEST_PATH}: not a tree charter generated`;
  let manifest: Manifest;
  try {
    manifest = JSON.parse(text) as Manifest;
  } catch (error) {
    return `${MANIFEST_PATH} does not parse: ${(error as Error).message}`;
  }
  if (typeof manifest !== "object" || manifest === null || !Array.isArray(manifest.contracts))
    return `${MANIFEST_PATH} lists no contracts`;
  return { manifest, files };
}
