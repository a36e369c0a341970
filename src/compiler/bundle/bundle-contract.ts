import { errorAt, type Diagnostic } from "../../core/diagnostic.js";
import { documentClosure } from "../../schema/document-closure.js";
import { joinPointer, pointerToFragment } from "../../core/json-pointer.js";
import type { JsonValue } from "../../core/json-value.js";
import { definitionsKeyword, DIALECT_URIS, idKeyword, refHidesSiblings, type Dialect } from "../../schema/dialect.js";
import { innermostResource } from "../../schema/document-index.js";
import type { IndexedDocument, ResolvedGraph } from "../../schema/resolved-graph.js";
import { copyDocument, type KeywordReplacement } from "../../schema/copy-document.js";
import { defineKey, type JsonObject } from "../../core/json-object.js";
import { resolveUri, SOURCE_SCHEME, splitFragment } from "../../schema/uri.js";
import { BUNDLE_CODES } from "./codes.js";
import { refuseDanglingReferences } from "./dangling-references.js";
import { embeddingKeys } from "./embedding-keys.js";
import type { RefSiblings } from "../../settings/validation.js";
import { settleRefSiblings } from "./ref-siblings.js";
import { rewriteEmptyEnums } from "./empty-enum.js";
import { guardProtoProperty } from "./proto-property.js";
import { liftNestedResourceRefs, liftRootRef } from "./lift-root-ref.js";
import { orderSchemaKeys } from "./order-keys.js";
import { leaveOutVocabularies } from "./vocabulary-keywords.js";

export interface Bundle {
  /** The contract's name: its source path without extension. */
  name: string;
  id: string;
  dialect: Dialect;
  schema: JsonValue;
  /** Keys of every document the bundle embeds, sorted. */
  embedded: string[];
  /** The key of the contract's own document. */
  key: string;
  /** The key under `$defs` of each embedded document, by its document key: to place a finding about the bundle (bundle-places.ts). */
  embeddedUnder: ReadonlyMap<string, string>;
}

/** Every document `rootKey` reaches through references, itself excluded, in sorted key order. */
export function dependencyClosure(graph: ResolvedGraph, rootKey: string): string[] {
  const seen = documentClosure(graph, rootKey);
  seen.delete(rootKey);
  return [...seen].sort();
}

/**
 * One self-contained schema for a contract. Every document the contract
 * reaches is embedded whole under `$defs` (`definitions` before 2019-09) as
 * its own schema resource with an absolute `$id`, the way the 2020-12 spec
 * describes bundling, so `$id`, anchors and dynamic scope keep their meaning;
 * its key is one the author's definitions leave free (embedding-keys.ts).
 * Every reference that leaves its own resource is rewritten to the absolute
 * URI of its target, so nothing depends on where the source files were.
 */
export function bundleContract(
  graph: ResolvedGraph,
  rootKey: string,
  canonicalIdOf: (name: string) => string,
  /** What assertions beside a `$ref` mean before 2019-09 (the contract's `validation.refSiblings`). */
  refSiblings: RefSiblings = "ignore",
): { bundle?: Bundle; diagnostics: Diagnostic[] } {
  const root = graph.documents.get(rootKey)!;
  const bundleDialect = root.document.dialect;
  const embedded = dependencyClosure(graph, rootKey);
  // A catalog file whose `$id`s are local (versions sharing one) is named by the URI it was reached by, which only it has.
  const rootUriOf = (entry: IndexedDocument) =>
    entry.document.kind === "source"
      ? canonicalIdOf(entry.document.name)
      : entry.document.ids === "local"
        ? entry.document.retrievalUri
        : entry.index.resources[0]!.uri;
  const { finalUris, diagnostics } = resourceUris(graph, [rootKey, ...embedded], rootUriOf, root.document.name);
  if (diagnostics.length > 0) return { diagnostics };

  const bundled = (entry: IndexedDocument, isEmbedded: boolean) =>
    bundledDocument(graph, entry, {
      embedded: isEmbedded,
      bundleDialect,
      rewrites: referenceRewrites(graph, entry, finalUris, bundleDialect),
      refSiblings,
      uri: rootUriOf(entry),
    });
  const rootSchema = bundled(root, false);
  let placed = new Map<string, string>();
  if (embedded.length > 0) {
    const defsKey = definitionsKeyword(bundleDialect);
    const existing = rootSchema[defsKey];
    const defs: JsonObject =
      existing !== null && typeof existing === "object" && !Array.isArray(existing) ? existing : {};
    // The author's keys stay; each embedded document takes a key none of them has.
    placed = embeddingKeys(
      Object.keys(defs),
      embedded.map((key) => ({ key, name: graph.documents.get(key)!.document.name })),
    );
    for (const key of embedded) defineKey(defs, placed.get(key)!, bundled(graph.documents.get(key)!, true));
    delete rootSchema[defsKey];
    rootSchema[defsKey] = defs;
  }
  const bundle: Bundle = {
    name: root.document.name,
    id: canonicalIdOf(root.document.name),
    dialect: bundleDialect,
    schema: rootSchema,
    embedded,
    key: rootKey,
    embeddedUnder: placed,
  };
  return { bundle, diagnostics: [] };
}

/**
 * The final URI of every schema resource in the bundle, by document key and
 * resource pointer. A nested `$id` that was absolute keeps its URI; one
 * relative to a source's path moves with the document's canonical id. Either
 * way the bundle writes it out absolute. Two resources given one URI, or a
 * relative `$id` no base can carry, are findings.
 */
function resourceUris(
  graph: ResolvedGraph,
  keys: readonly string[],
  rootUriOf: (entry: IndexedDocument) => string,
  contract: string,
) {
  const diagnostics: Diagnostic[] = [];
  const finalUris = new Map<string, Map<string, string>>();
  const owners = new Map<string, string>();
  for (const key of keys) {
    const entry = graph.documents.get(key)!;
    const uris = new Map<string, string>();
    for (const resource of entry.index.resources) {
      let uri: string;
      if (resource.parentPointer === undefined) {
        uri = rootUriOf(entry);
      } else if (!resource.uri.startsWith(SOURCE_SCHEME)) {
        uri = resource.uri;
      } else {
        const resolved = resolveUri(resource.declaredId!, uris.get(resource.parentPointer)!);
        if (!resolved.ok || resolved.uri.startsWith(SOURCE_SCHEME)) {
          const at = joinPointer(resource.pointer, idKeyword(entry.document.dialect));
          diagnostics.push(
            errorAt(
              BUNDLE_CODES.nestedId,
              `nested ${idKeyword(entry.document.dialect)} "${resource.declaredId}" is relative, and the base URI ${uris.get(resource.parentPointer)} cannot carry a relative path; make it absolute or use a hierarchical baseUri`,
              {
                file: entry.document.file,
                position: entry.document.positions.get(at),
                pointer: at,
              },
            ),
          );
          continue;
        }
        uri = splitFragment(resolved.uri).base;
      }
      const owner = owners.get(uri);
      if (owner !== undefined) {
        diagnostics.push(
          errorAt(
            BUNDLE_CODES.idCollision,
            `two schema resources in the bundle of "${contract}" get the $id ${uri} (the other is in ${owner}); give one an absolute $id`,
            {
              file: entry.document.file,
              position: entry.document.positions.get(resource.pointer),
              pointer: resource.pointer,
            },
          ),
        );
      }
      owners.set(uri, entry.document.relativePath ?? entry.document.name);
      uris.set(resource.pointer, uri);
    }
    finalUris.set(key, uris);
  }
  return { finalUris, diagnostics };
}

/** What a document's copy in the bundle says instead: each reference to its target's final URI, each nested `$id` made absolute. */
function referenceRewrites(
  graph: ResolvedGraph,
  entry: IndexedDocument,
  finalUris: ReadonlyMap<string, ReadonlyMap<string, string>>,
  bundleDialect: Dialect,
): Map<string, KeywordReplacement> {
  const replacements = new Map<string, KeywordReplacement>();
  for (const { site, target } of entry.references) {
    if (!target || site.keyword === "$recursiveRef") continue;
    const targetEntry = graph.documents.get(target.documentKey)!;
    const resourcePointer = innermostResource(targetEntry.index, target.pointer).pointer;
    const fragment =
      target.anchor !== undefined
        ? encodeURIComponent(target.anchor)
        : pointerToFragment(target.pointer.slice(resourcePointer.length));
    const sameResource = target.documentKey === entry.document.key && resourcePointer === site.resourcePointer;
    const value = sameResource
      ? "#" + fragment
      : finalUris.get(target.documentKey)!.get(resourcePointer)! + (fragment === "" ? "" : "#" + fragment);
    replacements.set(joinPointer(site.pointer, site.keyword), { key: site.keyword, value });
  }
  const uris = finalUris.get(entry.document.key)!;
  const ownId = idKeyword(entry.document.dialect);
  for (const resource of entry.index.resources) {
    if (resource.parentPointer === undefined) continue;
    const fragment = splitFragment(resource.declaredId!).fragment;
    const id = uris.get(resource.pointer)! + (fragment ? "#" + fragment : "");
    replacements.set(joinPointer(resource.pointer, ownId), { key: idKeyword(bundleDialect), value: id });
  }
  // Before 2019-09 `$id: "#name"` names a subschema; a 2019-09+ bundle says that with `$anchor`.
  if (refHidesSiblings(entry.document.dialect) && !refHidesSiblings(bundleDialect)) {
    for (const [resourcePointer, anchors] of entry.index.anchors) {
      for (const [name, pointer] of anchors) {
        if (
          pointer === resourcePointer &&
          entry.index.resources.some((r) => r.pointer === pointer && r.parentPointer !== undefined)
        )
          continue;
        if (/^[A-Za-z_][-A-Za-z0-9._]*$/.test(name))
          replacements.set(joinPointer(pointer, ownId), { key: "$anchor", value: name });
      }
    }
  }
  return replacements;
}

/**
 * A document as the bundle holds it: copied with its rewrites, references
 * that name nothing refused, a top-level `$ref` lifted where it would hide
 * the `$id`, assertions beside `$ref` settled, empty enums and `__proto__`
 * made safe, and its identity (`$id`, and `$schema` at the root or where its
 * dialect differs from the bundle's) set.
 */
function bundledDocument(
  graph: ResolvedGraph,
  entry: IndexedDocument,
  context: {
    embedded: boolean;
    bundleDialect: Dialect;
    rewrites: Map<string, KeywordReplacement>;
    refSiblings: RefSiblings;
    uri: string;
  },
): JsonObject {
  const { dialect } = entry.document;
  const targets = targetsIn(graph, entry.document.key);
  const copied = asObject(
    refuseDanglingReferences(
      entry,
      leaveOutVocabularies(entry, copyDocument(entry, context.rewrites, { orderKeys: orderSchemaKeys })),
    ),
  );
  const schema = liftRootRef(copied, dialect, context.embedded, targets, context.refSiblings);
  liftNestedResourceRefs(schema, dialect);
  settleRefSiblings(schema, dialect, targets, context.refSiblings);
  rewriteEmptyEnums(schema);
  guardProtoProperty(schema, dialect);
  const dialectUri = context.embedded && dialect === context.bundleDialect ? undefined : DIALECT_URIS[dialect];
  setIdentity(schema, idKeyword(dialect), idKeyword(context.bundleDialect), context.uri, dialectUri);
  return schema;
}

function asObject(schema: JsonValue): JsonObject {
  if (schema === true) return {};
  if (schema === false) return { not: {} };
  return schema as JsonObject;
}

/**
 * Puts `$schema` and the identifier first, replacing whatever the source
 * declared. The identifier keyword is the bundle's (`id` in draft-04, `$id`
 * after), whatever the embedded document's own dialect calls it.
 */
function setIdentity(
  schema: JsonObject,
  ownIdKey: "id" | "$id",
  idKey: "id" | "$id",
  id: string,
  dialectUri: string | undefined,
): void {
  const rest = Object.entries(schema).filter(([k]) => k !== "$schema" && k !== idKey && k !== ownIdKey);
  for (const key of Object.keys(schema)) delete schema[key];
  if (dialectUri !== undefined) schema["$schema"] = dialectUri;
  schema[idKey] = id;
  for (const [k, v] of rest) defineKey(schema, k, v);
}

/** Every pointer of document `key` that some reference targets. */
function targetsIn(graph: ResolvedGraph, key: string): string[] {
  const targets: string[] = [];
  for (const entry of graph.documents.values()) {
    for (const { target } of entry.references) if (target?.documentKey === key) targets.push(target.pointer);
  }
  return targets;
}
