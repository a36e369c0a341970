import { isWithin } from "../core/json-pointer.js";
import type { ReferenceKeyword } from "./keywords.js";

/** A schema resource: the document root, or a subschema with an `$id` of its own. */
export interface SchemaResource {
  pointer: string;
  /** Absolute URI at load time (before charter assigns canonical ids). */
  uri: string;
  /** The `$id` as written (undefined for a root without one). */
  declaredId: string | undefined;
  /** Pointer of the enclosing resource; undefined for the root. */
  parentPointer: string | undefined;
}

/** A place where a schema names another by URI. */
export interface ReferenceSite {
  /** Pointer of the schema object that holds the keyword. */
  pointer: string;
  keyword: ReferenceKeyword;
  value: string;
  /** Absolute base URI the value is resolved against. */
  base: string;
  /** Pointer of the innermost resource holding the site. */
  resourcePointer: string;
}

export interface DocumentIndex {
  resources: SchemaResource[];
  /** Plain-name fragments, by resource pointer, then name, to the pointer they name. */
  anchors: Map<string, Map<string, string>>;
  references: ReferenceSite[];
  /** Every pointer that is a schema position (as opposed to data). */
  schemaPointers: Set<string>;
}

/** The innermost schema resource holding `pointer`. */
export function innermostResource(index: DocumentIndex, pointer: string): SchemaResource {
  let best = index.resources[0]!;
  for (const resource of index.resources) {
    if (isWithin(pointer, resource.pointer) && resource.pointer.length > best.pointer.length) best = resource;
  }
  return best;
}
