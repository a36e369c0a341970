import type { DiagnosticCode } from "../core/diagnostic.js";
import { CODE_TABLES, diagnosticCatalogue } from "../pipeline/diagnostic-catalogue.js";
import { CLI_CODES, DATA_CODES } from "./codes.js";

/**
 * Every diagnostic code charter prints, in code order: the catalogue behind `charter explain`
 * and docs/diagnostics.md. Apart from `codes.ts`, so that a command that prints only a few
 * codes does not load every stage's table of them.
 */
export const ALL_CODES: readonly DiagnosticCode[] = diagnosticCatalogue({
  ...CODE_TABLES,
  cli: CLI_CODES,
  data: DATA_CODES,
});
