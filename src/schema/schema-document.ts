import type { SourcePosition } from "../core/diagnostic.js";
import type { JsonValue } from "../core/json-value.js";
import type { Dialect } from "./dialect.js";
import type { Vocabulary } from "./vocabularies.js";

/**
 * How far a document's `$id`s reach. `global`: each names its schema for
 * every document, so two documents claiming one `$id` are an error (CH203).
 * `local`: they are base URIs and names inside the document only; other
 * documents reach it by its path (a relative reference to a source, a URL
 * through the catalog), as versioned copies that keep one `$id` need.
 */
export type IdScope = "global" | "local";

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
