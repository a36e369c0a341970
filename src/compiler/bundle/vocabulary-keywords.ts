import { isJsonObject } from "../../core/json-object.js";
import { getAtPointer } from "../../core/json-pointer.js";
import type { JsonValue } from "../../core/json-value.js";
import type { IndexedDocument } from "../../schema/resolved-graph.js";
import { leftOutSites } from "../../schema/vocabularies.js";

/**
 * A document whose custom meta-schema leaves out a vocabulary (`$vocabulary`
 * without validation, say) reads that vocabulary's keywords as annotations.
 * The bundle declares the standard dialect, where they would assert, so they
 * leave the document's copy: at every schema position, an applicator keyword
 * with its subschemas. Done on the fresh copy, whose shape is the document's,
 * before anything is rewritten; the resolve stage warns of it (CH213) with
 * the same sites. Changes `copy` in place, and returns it.
 */
export function leaveOutVocabularies(entry: IndexedDocument, copy: JsonValue): JsonValue {
  for (const { pointer, keyword } of leftOutSites(entry.document, entry.index.schemaPointers)) {
    // Inside a keyword left out before it, there is nothing left to find.
    const holder = getAtPointer(copy, pointer) as JsonValue | undefined;
    if (isJsonObject(holder)) delete holder[keyword];
  }
  return copy;
}
