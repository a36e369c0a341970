import { errorAt, type Diagnostic } from "../../core/diagnostic.js";
import { getAtPointer, joinPointer } from "../../core/json-pointer.js";
import type { JsonValue } from "../../core/json-value.js";
import { innermostResource, type DocumentIndex } from "../../schema/document-index.js";
import { RESOLVE_CODES } from "./codes.js";
import { idKeyword, refHidesSiblings } from "../../schema/dialect.js";
import { REFERENCE_KEYWORDS } from "../../schema/keywords.js";
import type { SchemaDocument } from "../../schema/schema-document.js";
import { resolveUri, splitFragment } from "../../schema/uri.js";
import { walkSchema } from "../../schema/walk-schema.js";

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
  const diagnostics: Diagnostic[] = [];
  const idKey = idKeyword(document.dialect);
  const fail = (pointer: string, message: string) =>
    diagnostics.push(
      errorAt(RESOLVE_CODES.badIdentifier, message, {
        file: document.file,
        position: document.positions.get(pointer),
        pointer,
      }),
    );
  const addAnchor = (resourcePointer: string, name: string, pointer: string) => {
    let names = index.anchors.get(resourcePointer);
    if (!names) index.anchors.set(resourcePointer, (names = new Map()));
    if (names.has(name) && names.get(name) !== pointer) {
      fail(pointer, `anchor "${name}" is declared twice in one schema resource (also at ${names.get(name)})`);
      return;
    }
    names.set(name, pointer);
  };

  const enclosing = innermostResource(index, start);
  const startScope: Scope = { base: enclosing.uri, resourcePointer: enclosing.pointer };

  walkSchema<Scope>(
    getAtPointer(document.value, start) as JsonValue,
    startScope,
    (schema, pointer, scope) => {
      index.schemaPointers.add(pointer);
      let inner = scope;
      const id = schema[idKey];
      const hidden = refHidesSiblings(document.dialect) && typeof schema["$ref"] === "string";
      if (typeof id === "string" && !hidden) {
        const idPointer = joinPointer(pointer, idKey);
        if (id.startsWith("#") && refHidesSiblings(document.dialect)) {
          // draft-04..07: `$id: "#name"` declares a plain-name fragment, not a resource.
          if (id.length > 1) addAnchor(scope.resourcePointer, decodeFragment(id.slice(1)), pointer);
        } else {
          const resolved = resolveUri(id, scope.base);
          if (!resolved.ok) {
            fail(
              idPointer,
              `${idKey} "${id}" is not a usable URI${resolved.reason === "escapes-source" ? " (it climbs above the source directory)" : ""}`,
            );
          } else {
            const { base, fragment } = splitFragment(resolved.uri);
            if (fragment) {
              // draft-06/07: "other.json#name" starts a resource and names it; the name belongs to that resource.
              if (refHidesSiblings(document.dialect)) addAnchor(pointer, decodeFragment(fragment), pointer);
              else fail(idPointer, `${idKey} "${id}" has a fragment; since 2019-09 use $anchor for plain names`);
            }
            if (pointer === "") {
              const root = index.resources[0]!;
              root.uri = base;
              root.declaredId = id;
              inner = { base, resourcePointer: "" };
            } else {
              index.resources.push({ pointer, uri: base, declaredId: id, parentPointer: scope.resourcePointer });
              inner = { base, resourcePointer: pointer };
            }
          }
        }
      } else if (id !== undefined && typeof id !== "string" && !hidden) {
        fail(joinPointer(pointer, idKey), `${idKey} must be a string`);
      }
      if (!refHidesSiblings(document.dialect)) {
        for (const keyword of ["$anchor", "$dynamicAnchor"] as const) {
          const name = schema[keyword];
          if (name === undefined) continue;
          if (typeof name !== "string" || !/^[A-Za-z_][-A-Za-z0-9._]*$/.test(name)) {
            fail(
              joinPointer(pointer, keyword),
              `${keyword} must be a plain name (a letter or "_", then letters, digits, "-", "_", ".")`,
            );
            continue;
          }
          if (keyword === "$dynamicAnchor" && document.dialect !== "2020-12") continue;
          addAnchor(inner.resourcePointer, name, pointer);
        }
      }
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
        index.references.push({ pointer, keyword, value, base: inner.base, resourcePointer: inner.resourcePointer });
      }
      return inner;
    },
    start,
  );
  return diagnostics;
}

function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}
