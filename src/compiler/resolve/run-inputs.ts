import type { CatalogMapping } from "./catalog-file.js";
import type { Dialect } from "../../schema/dialect.js";
import type { FailedSource, LoadFile } from "../../schema/resolved-graph.js";
import type { SchemaDocument } from "../../schema/schema-document.js";

/** The inputs of one run; `pins` are the dialects an earlier run settled for catalog files that declare none, by real path. */
export interface RunInputs {
  sources: readonly SchemaDocument[];
  catalog: readonly CatalogMapping[];
  loadFile: LoadFile;
  failedSources: readonly FailedSource[];
  pins: ReadonlyMap<string, Dialect>;
}
