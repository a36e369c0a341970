/**
 * Units from a compiled tree (on disk for this repository, in memory for the
 * corpus): each contract in the manifest, with its bundled schema, its
 * dialect, and charter's root type (the name compile() gave it, checked to
 * be exported by the contract's types module).
 */
import path from "node:path";
import type { Dialect } from "../../src/schema/dialect.js";
import type { JsonValue } from "../../src/core/json-value.js";
import { exportsType } from "./json2ts.js";
import type { UnitSpec } from "./measure.js";
import type { RawInstance } from "./probes.js";

interface ManifestContract {
  name: string;
  dialect: Dialect;
  artifacts: { schema: string; types?: string };
}

/** A compiled tree: its files by path relative to the output folder. */
export type Tree = ReadonlyMap<string, string>;

export function manifestContracts(tree: Tree): ManifestContract[] {
  const manifest = tree.get("manifest.json");
  if (manifest === undefined) return [];
  return (JSON.parse(manifest) as { contracts: ManifestContract[] }).contracts;
}

/**
 * The unit of `contract` at `pointer`. `typesRoot` is where the tree's
 * `types/` folder was written (the checks import from it).
 */
export function unitOf(
  tree: Tree,
  contract: ManifestContract,
  pointer: string,
  typeNames: ReadonlyMap<string, string> | undefined,
  typesRoot: string,
  raws: RawInstance[],
): UnitSpec {
  const bundle = JSON.parse(tree.get(contract.artifacts.schema)!) as JsonValue;
  const id = pointer === "" ? contract.name : `${contract.name}#${pointer}`;
  const typeName = typeNames?.get(pointer);
  const typesFile = contract.artifacts.types;
  const moduleText = typesFile === undefined ? undefined : tree.get(typesFile);
  let charter: UnitSpec["charter"];
  if (typesFile === undefined || moduleText === undefined) charter = { missing: "charter wrote no types module" };
  else if (typeName === undefined) charter = { missing: `no type name for ${pointer || "the root"}` };
  else if (!exportsType(moduleText, typeName)) charter = { missing: `${typeName} is not declared in ${typesFile}` };
  else charter = { module: path.join(typesRoot, typesFile.replace(/^types\//, "")), typeName };
  return { id, contract: contract.name, pointer, dialect: contract.dialect, bundle, charter, raws };
}
