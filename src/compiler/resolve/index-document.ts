import { errorAt, type Diagnostic } from "../../core/diagnostic.js";
import { getAtPointer, joinPointer } from "../../core/json-pointer.js";
import type { JsonValue } from "../../core/json-value.js";
import { innermostResource, type DocumentIndex } from "../../schema/document-index.js";
import { RESOLVE_CODES } from "./codes.js";
import { idKeyword, refHidesSiblings } from "../../schema/dialect.js";
import { REFERENCE_KEYWORDS } from "../../schema/keywords.js";
import type { SchemaDocument } from "../../schema/schema-document.js";
import { resolveUri, splitFragment } from "../../schema/uri.js";
import { walkSchema, type SchemaObject } from "../../schema/walk-schema.js";

interface Scope {
  base: string;
  resourcePointer: string;
}

/** Finds the resources, anchors and references of one document, as its dialect defines them. */
export function indexDocument(document: SchemaDocument): { index: DocumentIndex; diagnostics: Diagnostic[] } {
  const index: DocumentIndex = {
    resources: [{ pointer: "", uri: document.retrievalUri, declaredId: undefined, parentPointer: undefined }],
    anchors: new Map(),
    references: [],
    schemaPointers: new Set(),
  };
  const diagnostics = indexSubschema(document, index, "");
  return { index, diagnostics };
}

/**
 * Indexes the subschema at `start` into `index`. Besides the root, this serves
 * a `$ref` whose target lies where no keyword says a schema is (under an
 * unknown keyword): the target is a schema all the same, and so are its own
 * references. Returns the diagnostics found.
 */
export function indexSubschema(document: SchemaDocument, index: DocumentIndex, start: string): Diagnostic[] {
  const indexing: Indexing = { document, index, idKey: idKeyword(document.dialect), diagnostics: [] };
  const enclosing = innermostResource(index, start);
  const startScope: Scope = { base: enclosing.uri, resourcePointer: enclosing.pointer };

  walkSchema<Scope>(
    getAtPointer(document.value, start) as JsonValue,
    startScope,
    (schema, pointer, scope) => {
      index.schemaPointers.add(pointer);
      const inner = readId(indexing, schema, pointer, scope);
      if (!refHidesSiblings(document.dialect)) readAnchors(indexing, schema, pointer, inner);
      readReferences(indexing, schema, pointer, inner);
      return inner;
    },
    start,
  );
  return indexing.diagnostics;
}

/** One call of `indexSubschema`: the document, the index it fills, and the diagnostics found. */
interface Indexing {
  document: SchemaDocument;
  index: DocumentIndex;
  /** The keyword that declares an identifier in the document's dialect. */
  idKey: string;
  diagnostics: Diagnostic[];
}

function badIdentifier({ document, diagnostics }: Indexing, pointer: string, message: string): void {
  diagnostics.push(
    errorAt(RESOLVE_CODES.badIdentifier, message, {
      file: document.file,
      position: document.positions.get(pointer),
      pointer,
    }),
  );
}

function addAnchor(indexing: Indexing, resourcePointer: string, name: string, pointer: string): void {
  const { anchors } = indexing.index;
  let names = anchors.get(resourcePointer);
  if (!names) anchors.set(resourcePointer, (names = new Map()));
  if (names.has(name) && names.get(name) !== pointer) {
    badIdentifier(
      indexing,
      pointer,
      `anchor "${name}" is declared twice in one schema resource (also at ${names.get(name)})`,
    );
    return;
  }
  names.set(name, pointer);
}

/** Reads a schema's identifier (anchor or resource): returns the scope its keywords and children are in. */
function readId(indexing: Indexing, schema: SchemaObject, pointer: string, scope: Scope): Scope {
  const { document, idKey } = indexing;
  const id = schema[idKey];
  const hidden = refHidesSiblings(document.dialect) && typeof schema["$ref"] === "string";
  if (hidden || id === undefined) return scope;
  if (typeof id !== "string") {
    badIdentifier(indexing, joinPointer(pointer, idKey), `${idKey} must be a string`);
    return scope;
  }
  if (id.startsWith("#") && refHidesSiblings(document.dialect)) {
    // draft-04..07: `$id: "#name"` declares a plain-name fragment, not a resource.
    if (id.length > 1) addAnchor(indexing, scope.resourcePointer, decodeFragment(id.slice(1)), pointer);
    return scope;
  }
  return declareResource(indexing, id, pointer, scope);
}

/** A resource that `id` (not a bare fragment) starts at `pointer`: its scope, or `scope` when the id is unusable. */
function declareResource(indexing: Indexing, id: string, pointer: string, scope: Scope): Scope {
  const { document, index, idKey } = indexing;
  const idPointer = joinPointer(pointer, idKey);
  const resolved = resolveUri(id, scope.base);
  if (!resolved.ok) {
    badIdentifier(
      indexing,
      idPointer,
      `${idKey} "${id}" is not a usable URI${resolved.reason === "escapes-source" ? " (it climbs above the source directory)" : ""}`,
    );
    return scope;
  }
  const { base, fragment } = splitFragment(resolved.uri);
  if (fragment) {
    // draft-06/07: "other.json#name" starts a resource and names it; the name belongs to that resource.
    if (refHidesSiblings(document.dialect)) addAnchor(indexing, pointer, decodeFragment(fragment), pointer);
    else
      badIdentifier(indexing, idPointer, `${idKey} "${id}" has a fragment; since 2019-09 use $anchor for plain names`);
  }
  if (pointer === "") {
    const root = index.resources[0]!;
    root.uri = base;
    root.declaredId = id;
    return { base, resourcePointer: "" };
  }
  index.resources.push({ pointer, uri: base, declaredId: id, parentPointer: scope.resourcePointer });
  return { base, resourcePointer: pointer };
}

/** Reads `$anchor` and (2020-12) `$dynamicAnchor`, since 2019-09 the keywords that name a schema in its resource. */
function readAnchors(indexing: Indexing, schema: SchemaObject, pointer: string, scope: Scope): void {
  for (const keyword of ["$anchor", "$dynamicAnchor"] as const) {
    const name = schema[keyword];
    if (name === undefined) continue;
    if (typeof name !== "string" || !/^[A-Za-z_][-A-Za-z0-9._]*$/.test(name)) {
      badIdentifier(
        indexing,
        joinPointer(pointer, keyword),
        `${keyword} must be a plain name (a letter or "_", then letters, digits, "-", "_", ".")`,
      );
      continue;
    }
    if (keyword === "$dynamicAnchor" && indexing.document.dialect !== "2020-12") continue;
    addAnchor(indexing, scope.resourcePointer, name, pointer);
  }
}

/** Records the reference keywords of the document's dialect that a schema holds, in the scope they resolve against. */
function readReferences(
  { document, index, diagnostics }: Indexing,
  schema: SchemaObject,
  pointer: string,
  scope: Scope,
): void {
  for (const keyword of REFERENCE_KEYWORDS) {
    const value = schema[keyword];
    if (value === undefined) continue;
    if (keyword === "$dynamicRef" && document.dialect !== "2020-12") continue;
    if (keyword === "$recursiveRef" && document.dialect !== "2019-09") continue;
    if (typeof value !== "string") {
      diagnostics.push(
        errorAt(RESOLVE_CODES.badReference, `${keyword} must be a string`, {
          file: document.file,
          position: document.positions.get(joinPointer(pointer, keyword)),
          pointer: joinPointer(pointer, keyword),
        }),
      );
      continue;
    }
    index.references.push({ pointer, keyword, value, base: scope.base, resourcePointer: scope.resourcePointer });
  }
}

function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}
