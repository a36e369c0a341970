import { BUNDLE_CODES } from "./bundle/codes.js";
import { CHECK_CODES } from "./check/codes.js";
import type { DiagnosticCode } from "./diagnostic.js";
import { DRIFT_CODES } from "./drift/codes.js";
import { LOAD_CODES } from "./load/codes.js";
import { RESOLVE_CODES } from "./resolve/codes.js";

/** Every code the compiler emits, declared beside its stage and collected here for the documentation. */
export const COMPILER_CODES: readonly DiagnosticCode[] = [
  ...Object.values(LOAD_CODES),
  ...Object.values(RESOLVE_CODES),
  ...Object.values(CHECK_CODES),
  ...Object.values(BUNDLE_CODES),
  ...Object.values(DRIFT_CODES),
];
