import { realpath } from "node:fs/promises";
import { compareStrings, errorAt, type Code, type Diagnostic } from "../../core/diagnostic.js";
import { fragmentToPointer, getAtPointer, joinPointer, splitPointer } from "../../core/json-pointer.js";
import type { ParsedSource } from "../../core/parsed-source.js";
import { catalogFile, catalogSettings, type CatalogMapping } from "./catalog-file.js";
import { RESOLVE_CODES } from "./codes.js";
import { createDocument } from "./create-document.js";
import { DEFAULT_DIALECT, idKeyword, isMetaSchemaUri, type Dialect } from "../../schema/dialect.js";
import { indexDocument, indexSubschema } from "./index-document.js";
import type { ReferenceSite, SchemaResource } from "../../schema/document-index.js";
import type { DocumentResolution } from "../../settings/resolution.js";
import {
  describeDocument,
  type FailedSource,
  type IndexedDocument,
  type LoadFile,
  type ReferenceTarget,
  type ResolvedGraph,
} from "../../schema/resolved-graph.js";
import { CHARTER_KEYWORD_PREFIX, DATA_KEYWORDS } from "../../schema/keywords.js";
import type { SchemaDocument } from "../../schema/schema-document.js";
import { declaresDialect, mixedReferrers, type Referrer } from "./catalog-dialect.js";
import { resolveUri, SOURCE_SCHEME, splitFragment } from "../../schema/uri.js";

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

/** Where a reference leads before its fragment is read (a location, and the fragment), or that it was dealt with otherwise. */
type Located = { location: Location; fragment: string | undefined } | { done: true };

/** The inputs of one run; `pins` are the dialects an earlier run settled for catalog files that declare none, by real path. */
export interface RunInputs {
  sources: readonly SchemaDocument[];
  catalog: readonly CatalogMapping[];
  loadFile: LoadFile;
  failedSources: readonly FailedSource[];
  pins: ReadonlyMap<string, Dialect>;
}

/**
 * One run of reference resolution (see `resolveReferences`): the registry of
 * every schema resource, the queue of documents whose references are
 * resolved in turn, catalog files read on demand, and the rounds that settle
 * the dialect of catalog files that declare none.
 */
export class ResolveRun {
  private readonly documents = new Map<string, IndexedDocument>();
  private readonly registry = new Map<string, Location>();
  private readonly catalogFiles = new Map<string, string | null>();
  private readonly graphDiagnostics: Diagnostic[] = [];
  /** `$id`s declared by documents whose ids are local, for the message of a reference that names one. */
  private readonly localIds = new Map<string, string[]>();
  /** Claims of an `$id` already told of a clash, so that the first claimant is told once. */
  private readonly toldClaims = new Set<string>();
  /** Real paths of the sources (and of those that failed to load), built when a catalog is first used. */
  private sourcesByRealPath: Map<string, string> | undefined;
  /** Catalog files that declare no `$schema` and whose entry sets no dialect, by real path, until the round ends. */
  private readonly pending = new Map<
    string,
    { parsed: ParsedSource; settings: DocumentResolution; uris: Set<string>; dialects: Set<Dialect> }
  >();
  /** Such files once read (by document key), with every document that references them. */
  private readonly inherited = new Map<string, { file: string; referrers: Map<string, Referrer> }>();
  /** References that wait for a later round: to a pending file, or to a URI no document has declared (yet). */
  private readonly parked: { key: string; index: number }[] = [];
  private readonly retry = new Map<string, number[]>();
  private finalPass = false;
  private readonly queue: string[] = [];
  /** How many of each document's references are resolved: indexing a subschema late adds more. */
  private readonly resolvedCount = new Map<string, number>();

  constructor(private readonly inputs: RunInputs) {}

  async run(): Promise<{ graph: ResolvedGraph; misread: Map<string, Dialect> }> {
    for (const source of this.inputs.sources) this.admit(source);
    this.queue.push(...this.inputs.sources.map((s) => s.key));
    for (let next = 0; next < this.queue.length || this.nextRound(); next++) {
      const entry = this.documents.get(this.queue[next]!)!;
      for (const i of this.takeSites(entry.document.key, entry.index.references.length))
        await this.resolveSite(entry, i);
    }
    // References that waited were resolved late: back in the order of their documents.
    for (const entry of this.documents.values()) {
      const order = new Map(entry.index.references.map((site, i) => [site, i]));
      entry.references.sort((a, b) => order.get(a.site)! - order.get(b.site)!);
    }
    return { graph: { documents: this.documents, diagnostics: this.graphDiagnostics }, misread: this.misread() };
  }

  /** Resolves reference `i` of a document: records its target, or the finding of why it has none, or parks it for a later round. */
  private async resolveSite(entry: IndexedDocument, i: number): Promise<void> {
    const site = entry.index.references[i]!;
    const located = await this.locate(entry, site, i);
    if ("done" in located) return;
    const { location, fragment } = located;
    const { document } = entry;
    const targetEntry = this.documents.get(location.documentKey)!;
    const heir = this.inherited.get(location.documentKey);
    if (heir && location.documentKey !== document.key) {
      const known = heir.referrers.get(document.key);
      if (!known || i < known.index)
        heir.referrers.set(document.key, { document, index: i, pointer: joinPointer(site.pointer, site.keyword) });
    }
    const target = this.targetAt(entry, site, location, fragment, targetEntry);
    if (!target) return;
    entry.references.push({ site, target });
    if (target.documentKey !== document.key) entry.dependencies.add(target.documentKey);
    this.ensureIndexed(targetEntry, target.pointer);
  }

  /** The document and pointer a reference's URI (without its fragment) leads to, or, having dealt with it otherwise, `done`. */
  private async locate(entry: IndexedDocument, site: ReferenceSite, i: number): Promise<Located> {
    const { document } = entry;
    const fail = (code: (typeof RESOLVE_CODES)[keyof typeof RESOLVE_CODES], message: string): Located => (
      this.fail(entry, site, code, message),
      { done: true }
    );
    const unresolved = (): Located => {
      entry.references.push({ site, target: undefined });
      return { done: true };
    };
    const park = (): Located => (this.parked.push({ key: document.key, index: i }), { done: true });
    const resolved = resolveUri(site.value, site.base);
    if (!resolved.ok) {
      return resolved.reason === "escapes-source"
        ? fail(RESOLVE_CODES.escapesSource, `${site.keyword} "${site.value}" points outside the source directory`)
        : fail(RESOLVE_CODES.badReference, `${site.keyword} "${site.value}" is not a valid URI reference`);
    }
    const { base, fragment } = splitFragment(resolved.uri);
    const failedKey = this.inputs.failedSources.find((f) => f.uri === base)?.key;
    if (failedKey !== undefined) {
      // Its own errors are reported; here it only makes this document depend on a failure.
      entry.dependencies.add(failedKey);
      return unresolved();
    }
    // A document's own resources come first: a clash of its $id with another's is reported once, not at every local $ref.
    const own =
      entry.index.resources.find((r) => r.uri === base) ??
      (base === document.retrievalUri ? entry.index.resources[0] : undefined);
    const registered: Location | undefined = own
      ? { documentKey: document.key, pointer: own.pointer }
      : this.registry.get(base);
    if (registered) return { location: registered, fragment };
    if (isMetaSchemaUri(base)) return unresolved();
    const lookup = await this.loadThroughCatalog(base, document);
    switch (lookup?.kind) {
      case "found":
        return { location: lookup.location, fragment };
      case "pending":
        return park();
      case "failed-source":
        entry.dependencies.add(lookup.key);
        return unresolved();
      case "broken":
        return fail(
          RESOLVE_CODES.catalogFile,
          `${site.keyword} "${site.value}" names a catalog file that could not be loaded; its own diagnostics say why`,
        );
      case "outside":
        return fail(
          RESOLVE_CODES.catalogFile,
          `${site.keyword} "${site.value}" maps to a file that a symbolic link puts outside its catalog folder`,
        );
    }
    if (!this.finalPass) return park();
    if (base.startsWith(SOURCE_SCHEME) || lookup?.kind === "missing") {
      return fail(
        RESOLVE_CODES.missingFile,
        `${site.keyword} "${site.value}" names a file that does not exist${base.startsWith(SOURCE_SCHEME) ? " in the source tree" : " in the catalog folder its URI maps to"}`,
      );
    }
    const local = this.localIds.get(base);
    return fail(
      RESOLVE_CODES.unresolved,
      `${site.keyword} "${site.value}" resolves to ${base}, which no source declares as its $id and no --catalog mapping covers; charter does not fetch schemas${local ? ` (${local[0]!} declares it with ids: local, so it is reached by its path)` : ""}`,
    );
  }

  /** The schema a reference's fragment names in its located document, or undefined after reporting why there is none. */
  private targetAt(
    entry: IndexedDocument,
    site: ReferenceSite,
    location: Location,
    fragment: string | undefined,
    targetEntry: IndexedDocument,
  ): ReferenceTarget | undefined {
    const pointer = fragment === undefined ? "" : fragmentToPointer(fragment);
    if (pointer === undefined) {
      const name = safeDecode(fragment!);
      const anchored = targetEntry.index.anchors.get(location.pointer)?.get(name);
      if (anchored !== undefined) return { documentKey: location.documentKey, pointer: anchored, anchor: name };
      this.fail(
        entry,
        site,
        RESOLVE_CODES.missingFragment,
        `${site.keyword} "${site.value}": no anchor "${name}" in ${describeDocument(targetEntry.document)}`,
      );
      return undefined;
    }
    const absolute = location.pointer + pointer;
    const value = getAtPointer(targetEntry.document.value, absolute);
    if (
      value === undefined ||
      (typeof value !== "boolean" && (value === null || typeof value !== "object" || Array.isArray(value)))
    ) {
      this.fail(
        entry,
        site,
        RESOLVE_CODES.missingFragment,
        `${site.keyword} "${site.value}": ${describeDocument(targetEntry.document)} has no schema at "#${fragment ?? ""}"`,
      );
      return undefined;
    }
    if (keywordOnPath(targetEntry, absolute, (k) => k.startsWith(CHARTER_KEYWORD_PREFIX))) {
      this.fail(
        entry,
        site,
        RESOLVE_CODES.charterKeywordTarget,
        `${site.keyword} "${site.value}" points into a charter keyword, which bundles drop; move the schema to $defs`,
      );
      return undefined;
    }
    return { documentKey: location.documentKey, pointer: absolute };
  }

  private fail(
    entry: IndexedDocument,
    site: ReferenceSite,
    code: (typeof RESOLVE_CODES)[keyof typeof RESOLVE_CODES],
    message: string,
  ): void {
    const keywordPointer = joinPointer(site.pointer, site.keyword);
    const diagnostic = errorAt(code, message, {
      file: entry.document.file,
      position: entry.document.positions.get(keywordPointer),
      pointer: keywordPointer,
    });
    // A reference that names nothing is kept with its finding: it matters only where evaluation reaches it.
    if (DANGLING.has(code.code)) entry.references.push({ site, target: undefined, dangling: diagnostic });
    else entry.diagnostics.push(diagnostic);
  }

  private tellClash(uri: string, claim: Required<Location>, other: Required<Location>): void {
    this.toldClaims.add(`${claim.documentKey}#${claim.idPointer}`);
    const owner = this.documents.get(claim.documentKey)!;
    const otherDocument = this.documents.get(other.documentKey)!.document;
    const otherPosition = otherDocument.positions.get(other.idPointer) ?? { line: 1, column: 1 };
    owner.diagnostics.push(
      errorAt(
        RESOLVE_CODES.duplicateId,
        `"${uri}" is also the $id of ${describeDocument(otherDocument)}:${otherPosition.line}:${otherPosition.column}; an $id names one schema (for versions of one schema that keep it, set ids: local for them in charter.config.yaml, under resolution.contracts or on their catalog entry)`,
        {
          file: owner.document.file,
          position: owner.document.positions.get(claim.idPointer),
          pointer: claim.idPointer,
        },
      ),
    );
  }

  private register(uri: string, location: Location, idPointer: string): void {
    const existing = this.registry.get(uri);
    if (existing && (existing.documentKey !== location.documentKey || existing.pointer !== location.pointer)) {
      // Both claims are errors: which came first is only the order the files were found in.
      const [newcomer, holder] = [
        { ...location, idPointer },
        { ...existing, idPointer: existing.idPointer ?? existing.pointer },
      ];
      this.tellClash(uri, newcomer, holder);
      if (!this.toldClaims.has(`${holder.documentKey}#${holder.idPointer}`)) this.tellClash(uri, holder, newcomer);
      return;
    }
    this.registry.set(uri, { ...location, idPointer });
  }

  private registerResources(document: SchemaDocument, resources: readonly SchemaResource[]): void {
    // Its `$id`s name its resources for its own references only (index.resources); others find it by its path.
    if (document.ids === "local") {
      for (const resource of resources) {
        if (resource.declaredId !== undefined)
          this.localIds.set(
            resource.uri,
            [...(this.localIds.get(resource.uri) ?? []), describeDocument(document)].sort(compareStrings),
          );
      }
      return;
    }
    for (const resource of resources) {
      const idPointer =
        resource.declaredId === undefined
          ? resource.pointer
          : joinPointer(resource.pointer, idKeyword(document.dialect));
      this.register(resource.uri, { documentKey: document.key, pointer: resource.pointer }, idPointer);
    }
  }

  private admit(document: SchemaDocument): void {
    const { index, diagnostics } = indexDocument(document);
    this.documents.set(document.key, { document, index, references: [], dependencies: new Set(), diagnostics });
    this.register(document.retrievalUri, { documentKey: document.key, pointer: "" }, "");
    this.registerResources(document, index.resources);
  }

  /**
   * A reference may land where no keyword declares a schema (under an unknown
   * keyword): index it then, and revisit its document. Data (`const`, `enum`,
   * `default`, `examples`) stays data even when a reference points into it.
   */
  private ensureIndexed(entry: IndexedDocument, pointer: string): void {
    if (entry.index.schemaPointers.has(pointer)) return;
    if (keywordOnPath(entry, pointer, (k) => DATA_KEYWORDS.has(k))) return;
    const known = entry.index.resources.length;
    entry.diagnostics.push(...indexSubschema(entry.document, entry.index, pointer));
    this.registerResources(entry.document, entry.index.resources.slice(known));
    this.queue.push(entry.document.key);
  }

  private async sourceAt(realFile: string): Promise<string | undefined> {
    if (!this.sourcesByRealPath) {
      this.sourcesByRealPath = new Map();
      for (const source of [
        ...this.inputs.sources.map((d) => ({ file: d.file, key: d.key })),
        ...this.inputs.failedSources,
      ]) {
        const real = await realpath(source.file).catch(() => undefined);
        if (real) this.sourcesByRealPath.set(real, source.key);
      }
    }
    return this.sourcesByRealPath.get(realFile);
  }

  private readCatalogFile(
    file: string,
    uri: string,
    parsed: ParsedSource,
    settings: DocumentResolution,
    dialect: Dialect | undefined,
    inherits: boolean,
  ): string | undefined {
    const identity = {
      key: `catalog:${uri}`,
      kind: "catalog" as const,
      name: uri,
      file,
      retrievalUri: uri,
      ...(settings.ids === "local" ? { ids: "local" as const } : {}),
    };
    const created = createDocument(parsed, identity, dialect);
    if (!created.document) {
      this.catalogFiles.set(file, null);
      this.graphDiagnostics.push(...created.diagnostics);
      return undefined;
    }
    this.catalogFiles.set(file, created.document.key);
    this.admit(created.document);
    this.queue.push(created.document.key);
    if (inherits) this.inherited.set(created.document.key, { file, referrers: new Map() });
    return created.document.key;
  }

  private async loadThroughCatalog(uri: string, referrer: SchemaDocument): Promise<CatalogLookup | undefined> {
    const mapped = await catalogFile(uri, this.inputs.catalog);
    if (mapped === undefined || mapped.kind !== "file") return mapped;
    const file = mapped.file;
    const sourceKey = await this.sourceAt(file);
    if (sourceKey) {
      if (!this.documents.has(sourceKey)) return { kind: "failed-source", key: sourceKey };
      this.registry.set(uri, { documentKey: sourceKey, pointer: "" });
      return { kind: "found", location: { documentKey: sourceKey, pointer: "" } };
    }
    if (this.catalogFiles.has(file)) {
      const key = this.catalogFiles.get(file);
      return key ? { kind: "found", location: { documentKey: key, pointer: "" } } : { kind: "broken", file };
    }
    const waiting = this.pending.get(file);
    if (waiting) {
      waiting.uris.add(uri);
      waiting.dialects.add(referrer.dialect);
      return { kind: "pending" };
    }
    const loaded = await this.inputs.loadFile(file);
    if (!loaded.parsed) {
      // Not remembered: a reference that waits for a later round asks again, and must hear "missing" again.
      if (loaded.missing) return { kind: "missing" };
      this.catalogFiles.set(file, null);
      this.graphDiagnostics.push(...loaded.diagnostics);
      return { kind: "broken", file };
    }
    const settings = await catalogSettings(file, this.inputs.catalog);
    const dialect = settings.dialect ?? this.inputs.pins.get(file);
    if (dialect === undefined && !declaresDialect(loaded.parsed.value)) {
      this.pending.set(file, {
        parsed: loaded.parsed,
        settings,
        uris: new Set([uri]),
        dialects: new Set([referrer.dialect]),
      });
      return { kind: "pending" };
    }
    const key = this.readCatalogFile(
      file,
      uri,
      loaded.parsed,
      settings,
      dialect,
      settings.dialect === undefined && this.inputs.pins.has(file),
    );
    return key ? { kind: "found", location: { documentKey: key, pointer: "" } } : { kind: "broken", file };
  }

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
  private nextRound(): boolean {
    if (this.pending.size > 0) {
      for (const file of [...this.pending.keys()].sort(compareStrings)) {
        const { parsed, settings, uris, dialects } = this.pending.get(file)!;
        this.pending.delete(file);
        this.readCatalogFile(
          file,
          [...uris].sort(compareStrings)[0]!,
          parsed,
          settings,
          dialects.size === 1 ? [...dialects][0]! : DEFAULT_DIALECT,
          true,
        );
      }
      this.finalPass = false;
    } else if (this.parked.length === 0) return false;
    else this.finalPass = true;
    for (const { key, index } of this.parked.splice(0)) {
      const again = this.retry.get(key);
      if (again) again.push(index);
      else {
        this.retry.set(key, [index]);
        this.queue.push(key);
      }
    }
    return true;
  }

  /** The sites of a document to resolve at its turn: those that waited for the round, then those indexed since its last turn. */
  private takeSites(key: string, count: number): number[] {
    const from = this.resolvedCount.get(key) ?? 0;
    this.resolvedCount.set(key, count);
    const again = this.retry.get(key) ?? [];
    this.retry.delete(key);
    return [...again, ...Array.from({ length: count - from }, (_, k) => from + k)];
  }

  /** Every file that took its referrers' dialect, against all of them now that every reference is resolved. */
  private misread(): Map<string, Dialect> {
    const misread = new Map<string, Dialect>();
    for (const [key, { file, referrers }] of this.inherited) {
      const entry = this.documents.get(key)!;
      const dialects = new Set([...referrers.values()].map((r) => r.document.dialect));
      if (dialects.size === 0) continue;
      const wanted = dialects.size === 1 ? [...dialects][0]! : DEFAULT_DIALECT;
      if (wanted !== entry.document.dialect) misread.set(file, wanted);
      if (dialects.size > 1) entry.diagnostics.push(mixedReferrers(entry.document, [...referrers.values()]));
    }
    return misread;
  }
}

/** Findings of a reference that names nothing charter can read; the others are wrong wherever they stand. */
const DANGLING = new Set<Code>(
  [RESOLVE_CODES.escapesSource, RESOLVE_CODES.unresolved, RESOLVE_CODES.missingFile, RESOLVE_CODES.missingFragment].map(
    (c) => c.code,
  ),
);

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
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
