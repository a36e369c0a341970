import { errorAt, type Code } from "../../core/diagnostic.js";
import { fragmentToPointer, getAtPointer, joinPointer, splitPointer } from "../../core/json-pointer.js";
import { RESOLVE_CODES } from "./codes.js";
import { isMetaSchemaUri } from "../../schema/dialect.js";
import { indexSubschema } from "./index-document.js";
import type { ReferenceSite } from "../../schema/document-index.js";
import {
  describeDocument,
  type FailedSource,
  type IndexedDocument,
  type ReferenceTarget,
} from "../../schema/resolved-graph.js";
import { CHARTER_KEYWORD_PREFIX, DATA_KEYWORDS } from "../../schema/keywords.js";
import { resolveUri, SOURCE_SCHEME, splitFragment } from "../../schema/uri.js";
import type { CatalogLoader } from "./catalog-loader.js";
import type { IdRegistry, Location } from "./id-registry.js";
import type { WorkList } from "./work-list.js";
import type { JsonValue } from "../../core/json-value.js";
import { nearestAnchor, nearestFragment, nearestSourceFile } from "./reference-suggestions.js";

type ResolveCode = (typeof RESOLVE_CODES)[keyof typeof RESOLVE_CODES];

/** Where a reference leads before its fragment is read (a location, and the fragment), or that it was dealt with otherwise. */
type Located = { location: Location; fragment: string | undefined } | { done: true };

/**
 * Resolves the references of a run one at a time: by the document's own
 * resources, the registry, then the catalog; a reference that can find
 * nothing yet waits on the work list for a later round.
 */
export class ReferenceResolver {
  constructor(
    private readonly failedSources: readonly FailedSource[],
    private readonly registry: IdRegistry,
    private readonly catalog: CatalogLoader,
    private readonly work: WorkList,
  ) {}

  /** Resolves reference `i` of a document: records its target, or the finding of why it has none, or parks it for a later round. */
  async resolve(entry: IndexedDocument, i: number): Promise<void> {
    const site = entry.index.references[i]!;
    const located = await this.locate(entry, site, i);
    if ("done" in located) return;
    const { location, fragment } = located;
    const { document } = entry;
    const targetEntry = this.registry.documents.get(location.documentKey)!;
    this.catalog.noteReferrer(location.documentKey, document, i, site);
    const target = targetAt(entry, site, location, fragment, targetEntry);
    if (!target) return;
    entry.references.push({ site, target });
    if (target.documentKey !== document.key) entry.dependencies.add(target.documentKey);
    this.ensureIndexed(targetEntry, target.pointer);
  }

  /** The document and pointer a reference's URI (without its fragment) leads to, or, having dealt with it otherwise, `done`. */
  private async locate(entry: IndexedDocument, site: ReferenceSite, i: number): Promise<Located> {
    const { document } = entry;
    const fail = (code: ResolveCode, message: string): Located => (report(entry, site, code, message), { done: true });
    const unresolved = (): Located => {
      entry.references.push({ site, target: undefined });
      return { done: true };
    };
    const park = (): Located => (this.work.park(document.key, i), { done: true });
    const resolved = resolveUri(site.value, site.base);
    if (!resolved.ok) {
      return resolved.reason === "escapes-source"
        ? fail(RESOLVE_CODES.escapesSource, `${site.keyword} "${site.value}" points outside the source directory`)
        : fail(RESOLVE_CODES.badReference, `${site.keyword} "${site.value}" is not a valid URI reference`);
    }
    const { base, fragment } = splitFragment(resolved.uri);
    const failedKey = this.failedSources.find((f) => f.uri === base)?.key;
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
      : this.registry.lookup(base);
    if (registered) return { location: registered, fragment };
    if (isMetaSchemaUri(base)) return unresolved();
    const lookup = await this.catalog.load(base, document);
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
    if (!this.work.finalPass) return park();
    if (base.startsWith(SOURCE_SCHEME) || lookup?.kind === "missing") {
      const sources = [...this.registry.documents.values()].map((e) => e.document.retrievalUri);
      const meant = nearestSourceFile(base, document.retrievalUri, sources);
      return fail(
        RESOLVE_CODES.missingFile,
        `${site.keyword} "${site.value}" names a file that does not exist${base.startsWith(SOURCE_SCHEME) ? " in the source tree" : " in the catalog folder its URI maps to"}${meant !== undefined ? `; did you mean "${meant}${fragment !== undefined ? `#${fragment}` : ""}"?` : ""}`,
      );
    }
    const local = this.registry.localDeclarers(base);
    return fail(
      RESOLVE_CODES.unresolved,
      `${site.keyword} "${site.value}" resolves to ${base}, which no source declares as its $id and no --catalog mapping covers; charter does not fetch schemas${local ? ` (${local[0]!} declares it with ids: local, so it is reached by its path)` : ""}`,
    );
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
    this.registry.registerResources(entry.document, entry.index.resources.slice(known));
    this.work.push(entry.document.key);
  }
}

/** The schema a reference's fragment names in its located document, or undefined after reporting why there is none. */
function targetAt(
  entry: IndexedDocument,
  site: ReferenceSite,
  location: Location,
  fragment: string | undefined,
  targetEntry: IndexedDocument,
): ReferenceTarget | undefined {
  const pointer = fragment === undefined ? "" : fragmentToPointer(fragment);
  if (pointer === undefined) {
    const name = safeDecode(fragment!);
    const anchors = targetEntry.index.anchors.get(location.pointer);
    const anchored = anchors?.get(name);
    if (anchored !== undefined) return { documentKey: location.documentKey, pointer: anchored, anchor: name };
    const meant = nearestAnchor(name, anchors?.keys() ?? []);
    report(
      entry,
      site,
      RESOLVE_CODES.missingFragment,
      `${site.keyword} "${site.value}": no anchor "${name}" in ${describeDocument(targetEntry.document)}${meant !== undefined ? `; did you mean "${withFragment(site.value, meant)}"?` : ""}`,
    );
    return undefined;
  }
  const absolute = location.pointer + pointer;
  const value = getAtPointer(targetEntry.document.value, absolute);
  if (
    value === undefined ||
    (typeof value !== "boolean" && (value === null || typeof value !== "object" || Array.isArray(value)))
  ) {
    report(
      entry,
      site,
      RESOLVE_CODES.missingFragment,
      `${site.keyword} "${site.value}": ${describeDocument(targetEntry.document)} has no schema at "#${fragment ?? ""}"${nearMiss(site.value, targetEntry, location.pointer, pointer)}`,
    );
    return undefined;
  }
  if (keywordOnPath(targetEntry, absolute, (k) => k.startsWith(CHARTER_KEYWORD_PREFIX))) {
    report(
      entry,
      site,
      RESOLVE_CODES.charterKeywordTarget,
      `${site.keyword} "${site.value}" points into a charter keyword, which bundles drop; move the schema to $defs`,
    );
    return undefined;
  }
  return { documentKey: location.documentKey, pointer: absolute };
}

/** Records the finding of a reference at its keyword. */
/** `; did you mean "…#/$defs/line"?` for a pointer that names nothing, when a key beside the missing one is close. */
function nearMiss(written: string, target: IndexedDocument, base: string, pointer: string): string {
  const resource = getAtPointer(target.document.value, base) as JsonValue | undefined;
  const meant = resource === undefined ? undefined : nearestFragment(resource, pointer);
  return meant === undefined ? "" : `; did you mean "${withFragment(written, meant)}"?`;
}

/** The reference as written, with another fragment. */
function withFragment(written: string, fragment: string): string {
  const hash = written.indexOf("#");
  return `${hash < 0 ? written : written.slice(0, hash)}#${fragment}`;
}

function report(entry: IndexedDocument, site: ReferenceSite, code: ResolveCode, message: string): void {
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
