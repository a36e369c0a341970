import type { SourcePosition } from "../core/diagnostic.js";
import type { JsonValue } from "../core/json-value.js";
import type { Dialect } from "./dialect.js";
import type { IdScope } from "../settings/resolution.js";
import type { Vocabulary } from "./vocabularies.js";

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
  /**
   * The vocabularies in use when its `$schema` names a custom meta-schema that
   * lists them in `$vocabulary` (2019-09 and 2020-12); absent: every one of
   * its dialect's. The bundle leaves out the keywords of those not in use.
   */
  vocabularies?: readonly Vocabulary[];
  /** The custom meta-schema its `$schema` names, if it names one. */
  metaSchema?: string;
  /** Whether its `$id`s name it for other documents (absent: `global`). */
  ids?: IdScope;
}
