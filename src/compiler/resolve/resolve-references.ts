import { realpath } from "node:fs/promises";
import path from "node:path";
import { errorAt, type Diagnostic } from "../diagnostic.js";
import { fragmentToPointer, getAtPointer, joinPointer, splitPointer } from "../json-pointer.js";
import type { ParsedSource } from "../load/parse-source.js";
import { RESOLVE_CODES } from "./codes.js";
import { catalogFile } from "./catalog-file.js";
import { createDocument } from "./create-document.js";
import { idKeyword, isMetaSchemaUri, type Dialect } from "./dialect.js";
import { indexDocument, indexSubschema, type DocumentIndex, type ReferenceSite, type SchemaResource } from "./index-document.js";
import { CHARTER_KEYWORD_PREFIX, DATA_KEYWORDS } from "./schema-keywords.js";
import type { SchemaDocument } from "./schema-document.js";
import { resolveUri, SOURCE_SCHEME, splitFragment } from "./uri.js";

/** `$id`/`$ref` URIs starting with `prefix` are files under `dir` (absolute). */
export interface CatalogMapping {
  prefix: string;
  dir: string;
}

/** Reads and parses a file reached through a catalog mapping; injected so this stage never imports the loader. */
export type LoadFile = (absolutePath: string) => Promise<{ parsed?: ParsedSource; diagnostics: Diagnostic[] }>;

export interface ReferenceTarget {
  documentKey: string;
  /** Pointer of the target inside its document. */
  pointer: string;
  /** Set when the reference named a plain-name fragment. */
  anchor?: string;
}

export interface ResolvedReference {
  site: ReferenceSite;
  /** Undefined for references to a dialect's meta-schema, which every validator knows, and for those that name nothing. */
  target: ReferenceTarget | undefined;
  /**
   * Set when the reference names nothing: the error it is wherever evaluation
   * reaches it. Only the check stage knows where that is (reachable-references.ts).
   */
  dangling?: Diagnostic;
}

export interface IndexedDocument {
  document: SchemaDocument;
  index: DocumentIndex;
  references: ResolvedReference[];
  /** Keys of the documents this one references. */
  dependencies: Set<string>;
  diagnostics: Diagnostic[];
}

export interface ResolvedGraph {
  /** Sources first, in discovery order, then catalog files in the order they were reached. */
  documents: Map<string, IndexedDocument>;
  /** Findings that belong to no single document. */
  diagnostics: Diagnostic[];
}

export interface FailedSource {
  uri: string;
  file: string;
  key: string;
}

type CatalogLookup =
  | { kind: "found"; location: Location }
  | { kind: "missing" }
  | { kind: "outside" }
  | { kind: "broken"; file: string }
  | { kind: "failed-source"; key: string };

interface Location {
  documentKey: string;
  pointer: string;
  /** Where the identifier is written, for a duplicate's diagnostic. */
  idPointer?: string;
}

/**
 * Builds the offline catalog of every schema resource and resolves every
 * reference of every document to a document and a pointer. Files reached
 * through catalog mappings are loaded on demand; nothing else is read, and no
 * URI is ever fetched.
 */
export async function resolveReferences(
  sources: readonly SchemaDocument[],
  catalog: readonly CatalogMapping[],
  loadFile: LoadFile,
  /** Sources that failed to load: their retrieval URI, file and the key they would have had. */
  failedSources: readonly FailedSource[] = [],
): Promise<ResolvedGraph> {
  const documents = new Map<string, IndexedDocument>();
  const registry = new Map<string, Location>();
  const catalogFiles = new Map<string, string | null>();
  const graphDiagnostics: Diagnostic[] = [];

  const register = (uri: string, location: Location, idPointer: string) => {
    const existing = registry.get(uri);
    if (existing && (existing.documentKey !== location.documentKey || existing.pointer !== location.pointer)) {
      const owner = documents.get(location.documentKey)!;
      const other = documents.get(existing.documentKey)!;
      const otherPosition = other.document.positions.get(existing.idPointer ?? existing.pointer) ?? { line: 1, column: 1 };
      owner.diagnostics.push(
        errorAt(
          RESOLVE_CODES.duplicateId,
          `"${uri}" is also the $id of ${describeDocument(other.document)}:${otherPosition.line}:${otherPosition.column}; an $id names one schema`,
          { file: owner.document.file, position: owner.document.positions.get(idPointer), pointer: idPointer },
        ),
      );
      return;
    }
    registry.set(uri, { ...location, idPointer });
  };

  const registerResources = (document: SchemaDocument, resources: readonly SchemaResource[]) => {
    for (const resource of resources) {
      const idPointer = resource.declaredId === undefined ? resource.pointer : joinPointer(resource.pointer, idKeyword(document.dialect));
      register(resource.uri, { documentKey: document.key, pointer: resource.pointer }, idPointer);
    }
  };
  const admit = (document: SchemaDocument) => {
    const { index, diagnostics } = indexDocument(document);
    documents.set(document.key, { document, index, references: [], dependencies: new Set(), diagnostics });
    register(document.retrievalUri, { documentKey: document.key, pointer: "" }, "");
    registerResources(document, index.resources);
  };
  /**
   * A reference may land where no keyword declares a schema (under an unknown
   * keyword): index it then, and revisit its document. Data (`const`, `enum`,
   * `default`, `examples`) stays data even when a reference points into it.
   */
  const ensureIndexed = (entry: IndexedDocument, pointer: string) => {
    if (entry.index.schemaPointers.has(pointer)) return;
    if (keywordOnPath(entry, pointer, (k) => DATA_KEYWORDS.has(k))) return;
    const known = entry.index.resources.length;
    entry.diagnostics.push(...indexSubschema(entry.document, entry.index, pointer));
    registerResources(entry.document, entry.index.resources.slice(known));
    queue.push(entry.document.key);
  };

  /** Real paths of the sources (and of those that failed to load), built when a catalog is first used. */
  let sourcesByRealPath: Map<string, string> | undefined;
  const sourceAt = async (realFile: string): Promise<string | undefined> => {
    if (!sourcesByRealPath) {
      sourcesByRealPath = new Map();
      for (const source of [...sources.map((d) => ({ file: d.file, key: d.key })), ...failedSources]) {
        const real = await realpath(source.file).catch(() => undefined);
        if (real) sourcesByRealPath.set(real, source.key);
      }
    }
    return sourcesByRealPath.get(realFile);
  };

  const loadThroughCatalog = async (uri: string, referrerDialect: Dialect): Promise<CatalogLookup | undefined> => {
    const mapped = await catalogFile(uri, catalog);
    if (mapped === undefined || mapped.kind !== "file") return mapped;
    const file = mapped.file;
    const sourceKey = await sourceAt(file);
    if (sourceKey) {
      if (!documents.has(sourceKey)) return { kind: "failed-source", key: sourceKey };
      registry.set(uri, { documentKey: sourceKey, pointer: "" });
      return { kind: "found", location: { documentKey: sourceKey, pointer: "" } };
    }
    if (catalogFiles.has(file)) {
      const key = catalogFiles.get(file);
      return key ? { kind: "found", location: { documentKey: key, pointer: "" } } : { kind: "broken", file };
    }
    const loaded = await loadFile(file);
    if (!loaded.parsed) {
      catalogFiles.set(file, null);
      if (loaded.diagnostics.some((d) => /\((ENOENT|EISDIR)\)/.test(d.message))) return { kind: "missing" };
      graphDiagnostics.push(...loaded.diagnostics);
      return { kind: "broken", file };
    }
    const created = createDocument(loaded.parsed, { key: `catalog:${uri}`, kind: "catalog", name: uri, file, retrievalUri: uri }, referrerDialect);
    if (!created.document) {
      catalogFiles.set(file, null);
      graphDiagnostics.push(...created.diagnostics);
      return { kind: "broken", file };
    }
    catalogFiles.set(file, created.document.key);
    admit(created.document);
    queue.push(created.document.key);
    return { kind: "found", location: { documentKey: created.document.key, pointer: "" } };
  };

  for (const source of sources) admit(source);
  const queue = sources.map((s) => s.key);

  // How many of each document's references are resolved: indexing a subschema late adds more.
  const resolvedCount = new Map<string, number>();
  for (let next = 0; next < queue.length; next++) {
    const entry = documents.get(queue[next]!)!;
    const { document } = entry;
    const sites = entry.index.references;
    for (let i = resolvedCount.get(document.key) ?? 0; i < sites.length; i++) {
      const site = sites[i]!;
      const keywordPointer = joinPointer(site.pointer, site.keyword);
      const fail = (code: (typeof RESOLVE_CODES)[keyof typeof RESOLVE_CODES], message: string) => {
        const diagnostic = errorAt(code, message, { file: document.file, position: document.positions.get(keywordPointer), pointer: keywordPointer });
        // A reference that names nothing is kept with its finding: it matters only where evaluation reaches it.
        if (DANGLING.has(code.code)) entry.references.push({ site, target: undefined, dangling: diagnostic });
        else entry.diagnostics.push(diagnostic);
      };
      const resolved = resolveUri(site.value, site.base);
      if (!resolved.ok) {
        if (resolved.reason === "escapes-source") fail(RESOLVE_CODES.escapesSource, `${site.keyword} "${site.value}" points outside the source directory`);
        else fail(RESOLVE_CODES.badReference, `${site.keyword} "${site.value}" is not a valid URI reference`);
        continue;
      }
      const { base, fragment } = splitFragment(resolved.uri);
      const failedKey = failedSources.find((f) => f.uri === base)?.key;
      if (failedKey !== undefined) {
        // Its own errors are reported; here it only makes this document depend on a failure.
        entry.references.push({ site, target: undefined });
        entry.dependencies.add(failedKey);
        continue;
      }
      // A document's own resources come first: a clash of its $id with another's is reported once, not at every local $ref.
      const own = entry.index.resources.find((r) => r.uri === base) ?? (base === document.retrievalUri ? entry.index.resources[0] : undefined);
      let location: Location | undefined = own ? { documentKey: document.key, pointer: own.pointer } : registry.get(base);
      if (!location && isMetaSchemaUri(base)) {
        entry.references.push({ site, target: undefined });
        continue;
      }
      let lookup: CatalogLookup | undefined;
      if (!location) {
        lookup = await loadThroughCatalog(base, document.dialect);
        if (lookup?.kind === "found") location = lookup.location;
      }
      if (lookup?.kind === "failed-source") {
        entry.references.push({ site, target: undefined });
        entry.dependencies.add(lookup.key);
        continue;
      }
      if (lookup?.kind === "broken") {
        fail(RESOLVE_CODES.catalogFile, `${site.keyword} "${site.value}" names a catalog file that could not be loaded; its own diagnostics say why`);
        continue;
      }
      if (lookup?.kind === "outside") {
        fail(RESOLVE_CODES.catalogFile, `${site.keyword} "${site.value}" maps to a file that a symbolic link puts outside its catalog folder`);
        continue;
      }
      if (!location) {
        if (base.startsWith(SOURCE_SCHEME) || lookup?.kind === "missing") {
          fail(RESOLVE_CODES.missingFile, `${site.keyword} "${site.value}" names a file that does not exist${base.startsWith(SOURCE_SCHEME) ? " in the source tree" : " in the catalog folder its URI maps to"}`);
        } else {
          fail(
            RESOLVE_CODES.unresolved,
            `${site.keyword} "${site.value}" resolves to ${base}, which no source declares as its $id and no --catalog mapping covers; charter does not fetch schemas`,
          );
        }
        continue;
      }
      const targetEntry = documents.get(location.documentKey)!;
      let target: ReferenceTarget;
      const pointer = fragment === undefined ? "" : fragmentToPointer(fragment);
      if (pointer !== undefined) {
        const absolute = location.pointer + pointer;
        const value = getAtPointer(targetEntry.document.value, absolute);
        if (value === undefined || (typeof value !== "boolean" && (value === null || typeof value !== "object" || Array.isArray(value)))) {
          fail(RESOLVE_CODES.missingFragment, `${site.keyword} "${site.value}": ${describeDocument(targetEntry.document)} has no schema at "#${fragment ?? ""}"`);
          continue;
        }
        if (keywordOnPath(targetEntry, absolute, (k) => k.startsWith(CHARTER_KEYWORD_PREFIX))) {
          fail(RESOLVE_CODES.charterKeywordTarget, `${site.keyword} "${site.value}" points into a charter keyword, which bundles drop; move the schema to $defs`);
          continue;
        }
        target = { documentKey: location.documentKey, pointer: absolute };
      } else {
        const name = safeDecode(fragment!);
        const anchored = targetEntry.index.anchors.get(location.pointer)?.get(name);
        if (anchored === undefined) {
          fail(RESOLVE_CODES.missingFragment, `${site.keyword} "${site.value}": no anchor "${name}" in ${describeDocument(targetEntry.document)}`);
          continue;
        }
        target = { documentKey: location.documentKey, pointer: anchored, anchor: name };
      }
      entry.references.push({ site, target });
      if (target.documentKey !== document.key) entry.dependencies.add(target.documentKey);
      ensureIndexed(targetEntry, target.pointer);
    }
    resolvedCount.set(document.key, sites.length);
  }
  return { documents, diagnostics: graphDiagnostics };
}

/** Findings of a reference that names nothing charter can read; the others are wrong wherever they stand. */
const DANGLING = new Set([RESOLVE_CODES.escapesSource, RESOLVE_CODES.unresolved, RESOLVE_CODES.missingFile, RESOLVE_CODES.missingFragment].map((c) => c.code));

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** How messages name a document: its path in the source tree, or the URI it was reached by. Never a machine path. */
export function describeDocument(document: SchemaDocument): string {
  return document.relativePath ?? document.retrievalUri;
}

/** Whether the path to `pointer` passes through a keyword (of a schema object on the way) that `test` accepts. */
function keywordOnPath(entry: IndexedDocument, pointer: string, test: (keyword: string) => boolean): boolean {
  const tokens = splitPointer(pointer);
  let current = "";
  for (const token of tokens) {
    if (entry.index.schemaPointers.has(current) && test(token)) return true;
    current = joinPointer(current, token);
  }
  return false;
}
