import type { Bundle } from "../../compiler/bundle/bundle-contract.js";
import { formatJson, type OutputFiles } from "../output-files.js";

export function schemaPath(name: string): string {
  return `schemas/${name}.schema.json`;
}

/** `schemas/<name>.schema.json` for each bundle. */
export function emitSchemas(bundles: readonly Bundle[]): OutputFiles {
  const files: OutputFiles = new Map();
  for (const bundle of bundles) files.set(schemaPath(bundle.name), formatJson(bundle.schema));
  return files;
}
