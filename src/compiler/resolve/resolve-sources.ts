import type { Diagnostic } from "../../core/diagnostic.js";
import type { JsonValue } from "../../core/json-value.js";
import type { LoadedSources } from "../load/load-sources.js";
import type { CatalogMapping } from "./catalog-file.js";
import { createDocument } from "./create-document.js";
import { customMetaSchemas } from "./meta-schema-dialect.js";
import { resolutionFor, type ResolutionSettings } from "../../settings/resolution.js";
import { resolveReferences } from "./resolve-references.js";
import type { FailedSource, LoadFile, ResolvedGraph } from "../../schema/resolved-graph.js";
import type { SchemaDocument } from "../../schema/schema-document.js";
import { sourceUri } from "../../schema/uri.js";
import { vocabularyWarnings } from "./vocabulary-findings.js";

export interface ResolvedSources {
  /** A document for each source that loaded, in discovery order. */
  documents: SchemaDocument[];
  /** Contracts whose source could not be loaded or read as a schema document. */
  failedNames: string[];
  graph: ResolvedGraph;
  /** Findings of loading and reading each source, and of resolving every reference. */
  diagnostics: Diagnostic[];
}

/** A source's document key: the same in every run, which the record of a run compares by. */
export function sourceKey(relativePath: string): string {
  return `source:${relativePath}`;
}

/**
 * The resolve stage: each loaded source becomes a document of its dialect
 * (custom meta-schemas that sources or catalog files define included, with
 * the vocabularies they list), then every reference is resolved, reading
 * catalog files as they are reached. A document whose meta-schema leaves out
 * vocabularies it uses keywords of is told so (the bundle leaves them out).
 */
export async function resolveSources(
  loaded: LoadedSources,
  catalog: readonly CatalogMapping[],
  resolution: ResolutionSettings | undefined,
  /** Reads a file the sources reach through the catalog (the load stage's, given by the pipeline). */
  loadFile: LoadFile,
): Promise<ResolvedSources> {
  const diagnostics: Diagnostic[] = [];
  const declaredSchemas: string[] = [];
  const sourcesById = new Map<string, JsonValue>();
  for (const { parsed } of loaded.loaded.values()) {
    const [declared, id] = [rootString(parsed?.value, "$schema"), rootString(parsed?.value, "$id")];
    if (declared !== undefined) declaredSchemas.push(declared);
    if (id !== undefined) sourcesById.set(id.replace(/#$/, ""), parsed!.value);
  }
  const metaSchemas = await customMetaSchemas(declaredSchemas, sourcesById, catalog, loadFile);
  const documents: SchemaDocument[] = [];
  const failedSources: FailedSource[] = [];
  const failedNames: string[] = [];
  for (const source of loaded.sources) {
    const key = sourceKey(source.relativePath);
    const uri = sourceUri(source.relativePath);
    const read = loaded.loaded.get(source.relativePath);
    const settings = resolutionFor(resolution, source.name);
    const created = read?.parsed
      ? createDocument(
          read.parsed,
          {
            key,
            kind: "source",
            name: source.name,
            file: source.absolutePath,
            relativePath: source.relativePath,
            retrievalUri: uri,
            ...(settings.ids === "local" ? { ids: "local" as const } : {}),
          },
          settings.dialect,
          metaSchemas,
        )
      : { diagnostics: [] };
    diagnostics.push(...(read?.diagnostics ?? []), ...created.diagnostics);
    if (created.document) documents.push(created.document);
    else {
      failedSources.push({ uri, file: source.absolutePath, key });
      failedNames.push(source.name);
    }
  }
  const graph = await resolveReferences(documents, catalog, loadFile, failedSources);
  diagnostics.push(...graph.diagnostics);
  for (const entry of graph.documents.values())
    diagnostics.push(...entry.diagnostics, ...vocabularyWarnings(entry.document, entry.index.schemaPointers));
  return { documents, failedNames, graph, diagnostics };
}

/** A string member of a document's root object, if there is one. */
function rootString(value: JsonValue | undefined, key: string): string | undefined {
  const member = value !== null && typeof value === "object" && !Array.isArray(value) ? value[key] : undefined;
  return typeof member === "string" ? member : undefined;
}
