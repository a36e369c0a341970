import type { Diagnostic, SourcePosition } from "../../core/diagnostic.js";
import { LOAD_CODES } from "./codes.js";

/**
 * JSON numbers are read as IEEE doubles here, as by every JavaScript validator
 * and by RFC 8785, which the digest follows; an integer beyond 2^53 is
 * rounded. Said once per value, as a warning: the schema still means what
 * ajv would make of it.
 */
export function lossyInteger(
  written: string,
  read: number,
  file: string,
  position: SourcePosition | undefined,
  pointer: string,
): Diagnostic {
  const diagnostic: Diagnostic = {
    code: LOAD_CODES.lossyInteger.code,
    severity: "warning",
    message: `integer ${written} has no exact double; it is written as ${JSON.stringify(read)}`,
    file,
    pointer,
  };
  if (position) {
    diagnostic.line = position.line;
    diagnostic.column = position.column;
  }
  return diagnostic;
}
