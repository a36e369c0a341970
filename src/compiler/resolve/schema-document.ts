import type { SourcePosition } from "../../core/diagnostic.js";
import type { JsonValue } from "../../core/json-value.js";
import type { Dialect } from "./dialect.js";
import type { IdScope } from "./resolution-settings.js";

/** One loaded schema document: a source of the tree, or a file reached through a catalog mapping. */
export interface SchemaDocument {
  /** Stable identity inside one compilation. */
  key: string;
  kind: "source" | "catalog";
  /** Contract name for sources (`agent/envelope`); the retrieval URI for catalog files. */
  name: string;
  /** Absolute path of the file, for diagnostics only. */
  file: string;
  /** Path relative to the source directory (sources only), `/`-separated. */
  relativePath?: string;
  /** The URI the document was loaded by: a `charter-source:` URI or a catalog URI. */
  retrievalUri: string;
  value: JsonValue;
  positions: ReadonlyMap<string, SourcePosition>;
  keyPositions: ReadonlyMap<string, SourcePosition>;
  dialect: Dialect;
  /** Whether its `$id`s name it for other documents (absent: `global`). */
  ids?: IdScope;
}
