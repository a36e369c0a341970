import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { CompileOptions } from "../src/pipeline/compile.js";
import { DEFAULT_DIALECT, dialectOf, idKeyword, refHidesSiblings } from "../src/schema/dialect.js";
import type { DocumentResolution } from "../src/settings/resolution.js";
import { DEFAULT_VALIDATION } from "../src/settings/validation.js";

/** The SchemaStore part of `../shared/corpora`, beside this repository. */
export const SCHEMASTORE = fileURLToPath(new URL("../../shared/corpora/schemastore/schemas/", import.meta.url));

/**
 * The schemas whose root `$id` (draft-04: `id`) another schema of the corpus
 * declares too: versions of one schema that keep its `$id`
 * (`rancher-fleet-0.5`, `rancher-fleet-0.8`), or a copy that took a
 * version's (`sarif` has `sarif-2.1.0-rtm.5`'s). Each is read with `ids:
 * local`, so the catalogue addresses it by its file, as SchemaStore's own
 * catalogue does, and a reference by the shared URL reaches the file of that
 * name. Read from the corpus, so that an update of it needs no edit here.
 */
function sharedIdSchemas(dir: string): Map<string, DocumentResolution> {
  const claims = new Map<string, string[]>();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    let root: unknown;
    try {
      root = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
    } catch {
      continue; // charter reports it
    }
    if (root === null || typeof root !== "object" || Array.isArray(root)) continue;
    const schema = root as Record<string, unknown>;
    const dialect =
      (typeof schema["$schema"] === "string" ? dialectOf(schema["$schema"]) : undefined) ?? DEFAULT_DIALECT;
    const id = schema[idKeyword(dialect)];
    if (typeof id !== "string" || (refHidesSiblings(dialect) && typeof schema["$ref"] === "string")) continue;
    const uri = id.replace(/#$/, "");
    claims.set(uri, [...(claims.get(uri) ?? []), file.replace(/\.json$/, "")]);
  }
  return new Map(
    [...claims.values()]
      .filter((names) => names.length > 1)
      .flat()
      .map((name) => [name, { ids: "local" }]),
  );
}

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
  resolution: { contracts: sharedIdSchemas(SCHEMASTORE) },
  typeNaming: "qualified",
  // SchemaStore's own tests run ajv with ajv-formats, which checks formats in every dialect,
  // never look at `examples` (annotations there, some of them wrong), and rely on ajv applying
  // the assertions beside a draft-07 `$ref` (pre-commit-config's negative tests do).
  validation: {
    defaults: { ...DEFAULT_VALIDATION.defaults, formats: "assert", examples: "warning", refSiblings: "apply" },
    contracts: new Map(),
  },
};
