import type { Bundle } from "../../compiler/bundle/bundle-contract.js";
import { formatJson, schemaPath, type OutputFiles } from "../shared/output-files.js";

/** `schemas/<name>.schema.json` for each bundle. */
export function emitSchemas(bundles: readonly Bundle[]): OutputFiles {
  const files: OutputFiles = new Map();
  for (const bundle of bundles) files.set(schemaPath(bundle.name), formatJson(bundle.schema));
  return files;
}
