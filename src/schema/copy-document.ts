import { getAtPointer, joinPointer } from "../core/json-pointer.js";
import { defineKey, type JsonObject } from "../core/json-object.js";
import type { JsonValue } from "../core/json-value.js";
import type { IndexedDocument } from "./resolved-graph.js";
import { CHARTER_KEYWORD_PREFIX } from "./keywords.js";

/** What a keyword of a schema object becomes in a copy: another key and value. */
export interface KeywordReplacement {
  key: string;
  value: JsonValue;
}

export interface CopyOptions {
  /** Pointer of the subtree to copy (default: the whole document). */
  start?: string;
  /** Order of the keys of each schema object (default: as written). */
  orderKeys?: (keys: string[]) => string[];
}

/**
 * Copies a document (or a subtree of it), dropping charter's keywords and
 * replacing keywords by pointer, at schema positions only: data under `const`,
 * `enum` or `default` is copied as it is, whatever its keys.
 */
export function copyDocument(
  entry: IndexedDocument,
  replacements: ReadonlyMap<string, KeywordReplacement>,
  options: CopyOptions = {},
): JsonValue {
  const schemaPointers = entry.index.schemaPointers;
  const orderKeys = options.orderKeys ?? ((keys: string[]) => keys);
  const copy = (value: JsonValue, pointer: string): JsonValue => {
    if (value === null || typeof value !== "object") return value;
    if (Array.isArray(value)) return value.map((item, i) => copy(item, joinPointer(pointer, i)));
    const isSchema = schemaPointers.has(pointer);
    const keys = isSchema
      ? orderKeys(Object.keys(value).filter((k) => !k.startsWith(CHARTER_KEYWORD_PREFIX)))
      : Object.keys(value);
    const result: JsonObject = {};
    for (const key of keys) {
      const childPointer = joinPointer(pointer, key);
      const replacement = isSchema ? replacements.get(childPointer) : undefined;
      if (replacement) defineKey(result, replacement.key, replacement.value);
      else defineKey(result, key, copy(value[key]!, childPointer));
    }
    return result;
  };
  const start = options.start ?? "";
  return copy(getAtPointer(entry.document.value, start) as JsonValue, start);
}
