import { realpath } from "node:fs/promises";
import path from "node:path";
import { compareStrings, errorAt, type Diagnostic } from "../../core/diagnostic.js";
import { fragmentToPointer, getAtPointer, joinPointer, splitPointer } from "../../core/json-pointer.js";
import type { ParsedSource } from "../load/parse-source.js";
import { RESOLVE_CODES } from "./codes.js";
import { catalogFile, catalogSettings, type CatalogMapping } from "./catalog-file.js";
import { createDocument } from "./create-document.js";
import { DEFAULT_DIALECT, idKeyword, isMetaSchemaUri, type Dialect } from "./dialect.js";
import { indexDocument, indexSubschema, type DocumentIndex, type ReferenceSite, type SchemaResource } from "./index-document.js";
import type { DocumentResolution } from "./resolution-settings.js";
import { CHARTER_KEYWORD_PREFIX, DATA_KEYWORDS } from "./schema-keywords.js";
import type { SchemaDocument } from "./schema-document.js";
import { resolveUri, SOURCE_SCHEME, splitFragment } from "./uri.js";

/** Reads and parses a file reached through a catalog mapping; injected so this stage never imports the loader. */
export type LoadFile = (absolutePath: string) => Promise<{ parsed?: ParsedSource; diagnostics: Diagnostic[]; missing?: true }>;

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
  | { kind: "failed-source"; key: string }
  /** A file whose dialect waits for every reference of this round (see `nextRound`). */
  | { kind: "pending" };

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
    const { graph, misread } = await resolveOnce(sources, catalog, loadFile, failedSources, pins);
    // Such files referencing each other in a ring could flip forever: the last run stands, and its warnings say what was read.
    if (misread.size === 0 || run === MAX_RUNS) return graph;
    pins = new Map([...pins, ...misread]);
  }
}

const MAX_RUNS = 4;

interface Referrer {
  document: SchemaDocument;
  /** Its first reference to the file, for the warning. */
  index: number;
  pointer: string;
}

async function resolveOnce(
  sources: readonly SchemaDocument[],
  catalog: readonly CatalogMapping[],
  loadFile: LoadFile,
  failedSources: readonly FailedSource[],
  /** Dialects an earlier run settled for catalog files that declare none, by real path. */
  pins: ReadonlyMap<string, Dialect>,
): Promise<{ graph: ResolvedGraph; misread: Map<string, Dialect> }> {
  const documents = new Map<string, IndexedDocument>();
  const registry = new Map<string, Location>();
  const catalogFiles = new Map<string, string | null>();
  const graphDiagnostics: Diagnostic[] = [];

  /** `$id`s declared by documents whose ids are local, for the message of a reference that names one. */
  const localIds = new Map<string, string[]>();
  /** Claims of an `$id` already told of a clash, so that the first claimant is told once. */
  const toldClaims = new Set<string>();
  const tellClash = (uri: string, claim: Required<Location>, other: Required<Location>) => {
    toldClaims.add(`${claim.documentKey}#${claim.idPointer}`);
    const owner = documents.get(claim.documentKey)!;
    const otherDocument = documents.get(other.documentKey)!.document;
    const otherPosition = otherDocument.positions.get(other.idPointer) ?? { line: 1, column: 1 };
    owner.diagnostics.push(
      errorAt(
        RESOLVE_CODES.duplicateId,
        `"${uri}" is also the $id of ${describeDocument(otherDocument)}:${otherPosition.line}:${otherPosition.column}; an $id names one schema (for versions of one schema that keep it, set ids: local for them in charter.config.yaml, under resolution.contracts or on their catalog entry)`,
        { file: owner.document.file, position: owner.document.positions.get(claim.idPointer), pointer: claim.idPointer },
      ),
    );
  };
  const register = (uri: string, location: Location, idPointer: string) => {
    const existing = registry.get(uri);
    if (existing && (existing.documentKey !== location.documentKey || existing.pointer !== location.pointer)) {
      // Both claims are errors: which came first is only the order the files were found in.
      const [newcomer, holder] = [{ ...location, idPointer }, { ...existing, idPointer: existing.idPointer ?? existing.pointer }];
      tellClash(uri, newcomer, holder);
      if (!toldClaims.has(`${holder.documentKey}#${holder.idPointer}`)) tellClash(uri, holder, newcomer);
      return;
    }
    registry.set(uri, { ...location, idPointer });
  };

  const registerResources = (document: SchemaDocument, resources: readonly SchemaResource[]) => {
    // Its `$id`s name its resources for its own references only (index.resources); others find it by its path.
    if (document.ids === "local") {
      for (const resource of resources) if (resource.declaredId !== undefined) localIds.set(resource.uri, [...(localIds.get(resource.uri) ?? []), describeDocument(document)].sort(compareStrings));
      return;
    }
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

  /** Catalog files that declare no `$schema` and whose entry sets no dialect, by real path, until the round ends. */
  const pending = new Map<string, { parsed: ParsedSource; settings: DocumentResolution; uris: Set<string>; dialects: Set<Dialect> }>();
  /** Such files once read (by document key), with every document that references them. */
  const inherited = new Map<string, { file: string; referrers: Map<string, Referrer> }>();
  /** References that wait for a later round: to a pending file, or to a URI no document has declared (yet). */
  const parked: { key: string; index: number }[] = [];
  const retry = new Map<string, number[]>();
  let finalPass = false;

  const readCatalogFile = (file: string, uri: string, parsed: ParsedSource, settings: DocumentResolution, dialect: Dialect | undefined, inherits: boolean): string | undefined => {
    const identity = { key: `catalog:${uri}`, kind: "catalog" as const, name: uri, file, retrievalUri: uri, ...(settings.ids === "local" ? { ids: "local" as const } : {}) };
    const created = createDocument(parsed, identity, dialect);
    if (!created.document) {
      catalogFiles.set(file, null);
      graphDiagnostics.push(...created.diagnostics);
      return undefined;
    }
    catalogFiles.set(file, created.document.key);
    admit(created.document);
    queue.push(created.document.key);
    if (inherits) inherited.set(created.document.key, { file, referrers: new Map() });
    return created.document.key;
  };

  const loadThroughCatalog = async (uri: string, referrer: SchemaDocument): Promise<CatalogLookup | undefined> => {
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
    const waiting = pending.get(file);
    if (waiting) {
      waiting.uris.add(uri);
      waiting.dialects.add(referrer.dialect);
      return { kind: "pending" };
    }
    const loaded = await loadFile(file);
    if (!loaded.parsed) {
      // Not remembered: a reference that waits for a later round asks again, and must hear "missing" again.
      if (loaded.missing) return { kind: "missing" };
      catalogFiles.set(file, null);
      graphDiagnostics.push(...loaded.diagnostics);
      return { kind: "broken", file };
    }
    const settings = await catalogSettings(file, catalog);
    const dialect = settings.dialect ?? pins.get(file);
    if (dialect === undefined && !declaresDialect(loaded.parsed.value)) {
      pending.set(file, { parsed: loaded.parsed, settings, uris: new Set([uri]), dialects: new Set([referrer.dialect]) });
      return { kind: "pending" };
    }
    const key = readCatalogFile(file, uri, loaded.parsed, settings, dialect, settings.dialect === undefined && pins.has(file));
    return key ? { kind: "found", location: { documentKey: key, pointer: "" } } : { kind: "broken", file };
  };

  /**
   * Called when the queue is empty. Files waiting for their dialect are read
   * now, in the order of their paths, each in the dialect its referrers of
   * this round share (2020-12 when they differ) and named by the least of the
   * URIs that reached it: nothing about them depends on the order the sources
   * were found in. The references that waited are then resolved again. When
   * no file waits, the references that found no document get a last try and
   * are reported: a later round could have declared the `$id` they name.
   * Returns whether there is work again.
   */
  const nextRound = (): boolean => {
    if (pending.size > 0) {
      for (const file of [...pending.keys()].sort(compareStrings)) {
        const { parsed, settings, uris, dialects } = pending.get(file)!;
        pending.delete(file);
        readCatalogFile(file, [...uris].sort(compareStrings)[0]!, parsed, settings, dialects.size === 1 ? [...dialects][0]! : DEFAULT_DIALECT, true);
      }
      finalPass = false;
    } else if (parked.length === 0) return false;
    else finalPass = true;
    for (const { key, index } of parked.splice(0)) {
      const again = retry.get(key);
      if (again) again.push(index);
      else {
        retry.set(key, [index]);
        queue.push(key);
      }
    }
    return true;
  };
  /** The sites of a document to resolve at its turn: those that waited for the round, then those indexed since its last turn. */
  const takeSites = (key: string, count: number): number[] => {
    const from = resolvedCount.get(key) ?? 0;
    resolvedCount.set(key, count);
    const again = retry.get(key) ?? [];
    retry.delete(key);
    return [...again, ...Array.from({ length: count - from }, (_, k) => from + k)];
  };

  for (const source of sources) admit(source);
  const queue = sources.map((s) => s.key);

  // How many of each document's references are resolved: indexing a subschema late adds more.
  const resolvedCount = new Map<string, number>();
  for (let next = 0; next < queue.length || nextRound(); next++) {
    const entry = documents.get(queue[next]!)!;
    const { document } = entry;
    const sites = entry.index.references;
    for (const i of takeSites(document.key, sites.length)) {
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
        lookup = await loadThroughCatalog(base, document);
        if (lookup?.kind === "found") location = lookup.location;
      }
      if (lookup?.kind === "pending") {
        parked.push({ key: document.key, index: i });
        continue;
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
      if (!location && !finalPass) {
        parked.push({ key: document.key, index: i });
        continue;
      }
      if (!location) {
        if (base.startsWith(SOURCE_SCHEME) || lookup?.kind === "missing") {
          fail(RESOLVE_CODES.missingFile, `${site.keyword} "${site.value}" names a file that does not exist${base.startsWith(SOURCE_SCHEME) ? " in the source tree" : " in the catalog folder its URI maps to"}`);
        } else {
          fail(
            RESOLVE_CODES.unresolved,
            `${site.keyword} "${site.value}" resolves to ${base}, which no source declares as its $id and no --catalog mapping covers; charter does not fetch schemas${localIds.has(base) ? ` (${localIds.get(base)![0]!} declares it with ids: local, so it is reached by its path)` : ""}`,
          );
        }
        continue;
      }
      const targetEntry = documents.get(location.documentKey)!;
      const heir = inherited.get(location.documentKey);
      if (heir && location.documentKey !== document.key) {
        const known = heir.referrers.get(document.key);
        if (!known || i < known.index) heir.referrers.set(document.key, { document, index: i, pointer: keywordPointer });
      }
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
  }

  // References that waited were resolved late: back in the order of their documents.
  for (const entry of documents.values()) {
    const order = new Map(entry.index.references.map((site, i) => [site, i]));
    entry.references.sort((a, b) => order.get(a.site)! - order.get(b.site)!);
  }
  // Every file that took its referrers' dialect, against all of them now that every reference is resolved.
  const misread = new Map<string, Dialect>();
  for (const [key, { file, referrers }] of inherited) {
    const entry = documents.get(key)!;
    const dialects = new Set([...referrers.values()].map((r) => r.document.dialect));
    if (dialects.size === 0) continue;
    const wanted = dialects.size === 1 ? [...dialects][0]! : DEFAULT_DIALECT;
    if (wanted !== entry.document.dialect) misread.set(file, wanted);
    if (dialects.size > 1) entry.diagnostics.push(mixedReferrers(entry.document, [...referrers.values()]));
  }
  return { graph: { documents, diagnostics: graphDiagnostics }, misread };
}

/** Whether a document says its own dialect: then its referrers have no say. */
function declaresDialect(value: ParsedSource["value"]): boolean {
  return value !== null && typeof value === "object" && !Array.isArray(value) && value["$schema"] !== undefined;
}

const DIALECT_ORDER: readonly Dialect[] = ["draft-04", "draft-06", "draft-07", "2019-09", "2020-12"];

/** CH211 at a catalog file whose referrers are of several dialects: who they are, and what charter read. */
function mixedReferrers(document: SchemaDocument, referrers: readonly Referrer[]): Diagnostic {
  const groups = DIALECT_ORDER.flatMap((dialect) => {
    const places = referrers
      .filter((r) => r.document.dialect === dialect)
      .map((r) => {
        const at = r.document.positions.get(r.pointer) ?? { line: 1, column: 1 };
        return `${describeDocument(r.document)}:${at.line}:${at.column}`;
      })
      .sort(compareStrings);
    if (places.length === 0) return [];
    const shown = places.slice(0, 2).join(", ") + (places.length > 2 ? ` and ${places.length - 2} more` : "");
    return [`${dialect} (${shown})`];
  });
  return {
    ...errorAt(
      RESOLVE_CODES.catalogDialect,
      `${document.retrievalUri} declares no $schema and is referenced from documents of different dialects, ${groups.slice(0, -1).join(", ")} and ${groups.at(-1)!}; it is read as ${document.dialect}. Add $schema to it, or set dialect on its catalog entry in charter.config.yaml`,
      { file: document.file, position: document.positions.get("") ?? { line: 1, column: 1 }, pointer: "" },
    ),
    severity: "warning",
  };
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
