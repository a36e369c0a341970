import type { CatalogMapping } from "./catalog-file.js";
import type { Dialect } from "../../schema/dialect.js";
import { ResolveRun } from "./resolve-run.js";
import type { FailedSource, LoadFile, ResolvedGraph } from "../../schema/resolved-graph.js";
import type { SchemaDocument } from "../../schema/schema-document.js";

/**
 * Builds the offline catalog of every schema resource and resolves every
 * reference of every document to a document and a pointer. Files reached
 * through catalog mappings are loaded on demand; nothing else is read, and no
 * URI is ever fetched.
 *
 * A catalog file that declares no `$schema`, and whose catalog entry sets no
 * `dialect`, is read in the dialect of the documents that reference it when
 * they share one, else in 2020-12 with a warning (CH211). Which documents
 * reference it can depend on the dialects of other such files, so a run that
 * ends with a file read otherwise than its referrers say is done again with
 * that file's dialect fixed.
 */
export async function resolveReferences(
  sources: readonly SchemaDocument[],
  catalog: readonly CatalogMapping[],
  loadFile: LoadFile,
  /** Sources that failed to load: their retrieval URI, file and the key they would have had. */
  failedSources: readonly FailedSource[] = [],
): Promise<ResolvedGraph> {
  let pins = new Map<string, Dialect>();
  for (let run = 1; ; run++) {
    const { graph, misread } = await new ResolveRun({ sources, catalog, loadFile, failedSources, pins }).run();
    // Such files referencing each other in a ring could flip forever: the last run stands, and its warnings say what was read.
    if (misread.size === 0 || run === MAX_RUNS) return graph;
    pins = new Map([...pins, ...misread]);
  }
}

const MAX_RUNS = 4;
