import { realpath } from "node:fs/promises";
import { compareStrings, type Diagnostic } from "../../core/diagnostic.js";
import { joinPointer } from "../../core/json-pointer.js";
import type { ParsedSource } from "../../core/parsed-source.js";
import { catalogFile, catalogSettings } from "./catalog-file.js";
import { createDocument } from "./create-document.js";
import { DEFAULT_DIALECT, type Dialect } from "../../schema/dialect.js";
import type { ReferenceSite } from "../../schema/document-index.js";
import type { DocumentResolution } from "../../settings/resolution.js";
import type { SchemaDocument } from "../../schema/schema-document.js";
import { declaresDialect, mixedReferrers, type Referrer } from "./catalog-dialect.js";
import type { IdRegistry, Location } from "./id-registry.js";
import type { RunInputs } from "./run-inputs.js";

export type CatalogLookup =
  | { kind: "found"; location: Location }
  | { kind: "missing" }
  | { kind: "outside" }
  | { kind: "broken"; file: string }
  | { kind: "failed-source"; key: string }
  /** A file whose dialect waits for every reference of this round (see `readPending`). */
  | { kind: "pending" };

/** A catalog file that declares no `$schema` and whose entry sets no dialect, until the round ends. */
interface PendingFile {
  parsed: ParsedSource;
  settings: DocumentResolution;
  uris: Set<string>;
  dialects: Set<Dialect>;
}

/**
 * Reads the files that catalog mappings give URIs, on demand, each once, as
 * documents of the run (a mapped file that is a source is that source), in
 * the settings of the catalog entries that hold it. A file that declares no
 * dialect waits for the end of the round to take its referrers' dialect, and
 * is checked against all of them once every reference is resolved.
 */
export class CatalogLoader {
  /** Findings of files that could not be read, which no document owns. */
  readonly diagnostics: Diagnostic[] = [];
  /** The document key of each file read, by real path; null when it could not be read. */
  private readonly files = new Map<string, string | null>();
  /** Real paths of the sources (and of those that failed to load), built when a catalog is first used. */
  private sourcesByRealPath: Map<string, string> | undefined;
  /** Files waiting for their dialect, by real path. */
  private readonly pending = new Map<string, PendingFile>();
  /** Such files once read (by document key), with every document that references them. */
  private readonly inherited = new Map<string, { file: string; referrers: Map<string, Referrer> }>();

  constructor(
    private readonly inputs: RunInputs,
    private readonly registry: IdRegistry,
    /** Queues a document read here, for its references to be resolved. */
    private readonly enqueue: (key: string) => void,
  ) {}

  /** Where the file a catalog mapping gives `uri` leads, reading it if needed; undefined when no mapping covers it. */
  async load(uri: string, referrer: SchemaDocument): Promise<CatalogLookup | undefined> {
    const mapped = await catalogFile(uri, this.inputs.catalog);
    if (mapped === undefined || mapped.kind !== "file") return mapped;
    const file = mapped.file;
    const sourceKey = await this.sourceAt(file);
    if (sourceKey) {
      if (!this.registry.documents.has(sourceKey)) return { kind: "failed-source", key: sourceKey };
      this.registry.alias(uri, sourceKey);
      return { kind: "found", location: { documentKey: sourceKey, pointer: "" } };
    }
    if (this.files.has(file)) {
      const key = this.files.get(file);
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
      this.files.set(file, null);
      this.diagnostics.push(...loaded.diagnostics);
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
    const key = this.read(
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
   * At the end of a round: reads the files waiting for their dialect, in the
   * order of their paths, each in the dialect its referrers of this round
   * share (2020-12 when they differ) and named by the least of the URIs that
   * reached it, so that nothing about them depends on the order the sources
   * were found in. Returns whether any file waited.
   */
  readPending(): boolean {
    if (this.pending.size === 0) return false;
    for (const file of [...this.pending.keys()].sort(compareStrings)) {
      const { parsed, settings, uris, dialects } = this.pending.get(file)!;
      this.pending.delete(file);
      this.read(
        file,
        [...uris].sort(compareStrings)[0]!,
        parsed,
        settings,
        dialects.size === 1 ? [...dialects][0]! : DEFAULT_DIALECT,
        true,
      );
    }
    return true;
  }

  /** Records reference `index` of `document` to `targetKey` when that is a file that took its referrers' dialect. */
  noteReferrer(targetKey: string, document: SchemaDocument, index: number, site: ReferenceSite): void {
    const heir = this.inherited.get(targetKey);
    if (!heir || targetKey === document.key) return;
    const known = heir.referrers.get(document.key);
    if (!known || index < known.index)
      heir.referrers.set(document.key, { document, index, pointer: joinPointer(site.pointer, site.keyword) });
  }

  /** Every file that took its referrers' dialect, against all of them now that every reference is resolved. */
  misread(): Map<string, Dialect> {
    const misread = new Map<string, Dialect>();
    for (const [key, { file, referrers }] of this.inherited) {
      const entry = this.registry.documents.get(key)!;
      const dialects = new Set([...referrers.values()].map((r) => r.document.dialect));
      if (dialects.size === 0) continue;
      const wanted = dialects.size === 1 ? [...dialects][0]! : DEFAULT_DIALECT;
      if (wanted !== entry.document.dialect) misread.set(file, wanted);
      if (dialects.size > 1) entry.diagnostics.push(mixedReferrers(entry.document, [...referrers.values()]));
    }
    return misread;
  }

  /** Reads a catalog file as a document of the run and queues it; its key, or undefined when it is no schema document. */
  private read(
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
      this.files.set(file, null);
      this.diagnostics.push(...created.diagnostics);
      return undefined;
    }
    this.files.set(file, created.document.key);
    this.registry.admit(created.document);
    this.enqueue(created.document.key);
    if (inherits) this.inherited.set(created.document.key, { file, referrers: new Map() });
    return created.document.key;
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
}
