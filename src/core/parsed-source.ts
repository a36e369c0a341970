import type { SourcePosition } from "./diagnostic.js";
import type { JsonValue } from "./json-value.js";

/** A JSON value read from a file, with where each of its nodes was written, so that any stage can point into the file. */
export interface ParsedSource {
  value: JsonValue;
  /** Position of each node's value, by JSON pointer. */
  positions: ReadonlyMap<string, SourcePosition>;
  /** Position of the key of each mapping member, by the member's JSON pointer. */
  keyPositions: ReadonlyMap<string, SourcePosition>;
}
