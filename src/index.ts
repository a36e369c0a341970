/**
 * charter's library API: the compiler as a function, for tools that embed it.
 * The CLI (`charter`) is the usual way in.
 */
export { compile, canonicalId, type CompileOptions, type CompileResult } from "./pipeline/compile.js";
export type { OutputFiles, OutputSink } from "./targets/shared/output-files.js";
export type { Diagnostic, Severity } from "./core/diagnostic.js";
export type { Code } from "./pipeline/diagnostic-catalogue.js";
export { compareTrees, hasDrift, type Drift, type StaleFile } from "./drift/compare-trees.js";
export type { CatalogMapping } from "./compiler/resolve/catalog-file.js";
export type { Manifest, ManifestContract } from "./targets/manifest/emit-manifest.js";
