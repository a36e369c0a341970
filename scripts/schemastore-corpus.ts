import path from "node:path";
import { fileURLToPath } from "node:url";
import type { CompileOptions } from "../src/compiler/compile.js";
import { DEFAULT_VALIDATION } from "../src/targets/validators/policy.js";

/** The SchemaStore part of `../shared/corpora`, beside this repository. */
export const SCHEMASTORE = fileURLToPath(new URL("../../shared/corpora/schemastore/schemas/", import.meta.url));

/**
 * The whole corpus as one charter project: its schemas name each other under
 * both of the catalogue's hosts, and hundreds of unrelated schemas reuse
 * definition names, so definition types are qualified by their contract.
 */
export const SCHEMASTORE_OPTIONS: CompileOptions = {
  sourceDir: SCHEMASTORE,
  outDir: path.join(SCHEMASTORE, "..", "generated"),
  baseUri: "https://json.schemastore.org/",
  catalog: [
    { prefix: "https://json.schemastore.org/", dir: SCHEMASTORE },
    { prefix: "https://www.schemastore.org/", dir: SCHEMASTORE },
  ],
  typeNaming: "qualified",
  // SchemaStore's own tests run ajv with ajv-formats, which checks formats in every dialect,
  // never look at `examples` (annotations there, some of them wrong), and rely on ajv applying
  // the assertions beside a draft-07 `$ref` (pre-commit-config's negative tests do).
  validation: { defaults: { ...DEFAULT_VALIDATION.defaults, formats: "assert", examples: "warning", refSiblings: "apply" }, contracts: new Map() },
};
