import { COMPILER_CODES } from "../pipeline/diagnostic-catalogue.js";
import type { DiagnosticCode } from "../core/diagnostic.js";
import { TYPES_CODES } from "../targets/types/codes.js";
import { VALIDATOR_CODES } from "../targets/validators/codes.js";
import { CLI_CODES, DATA_CODES, DIFF_CODES } from "./codes.js";

/** Every diagnostic code charter prints, in code order: the catalogue behind docs/diagnostics.md. */
export const ALL_CODES: readonly DiagnosticCode[] = [
  ...Object.values(CLI_CODES),
  ...COMPILER_CODES,
  ...Object.values(TYPES_CODES),
  ...Object.values(VALIDATOR_CODES),
  ...Object.values(DATA_CODES),
  ...Object.values(DIFF_CODES),
].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
