// How this client prints what it found: one line per violation, located in the data file.
import type { Violation } from "charter-runtime";
import type { Position } from "./read-document.js";

/** `file:line:col: error /pointer message (keyword)`, the form editors and CI annotate from. */
export function violationLine(
  file: string,
  violation: Violation,
  locate: (pointer: string, key?: string) => Position,
): string {
  // An unwanted member is best shown at its name, not at the object that holds it.
  const extra =
    violation.keyword === "additionalProperties" || violation.keyword === "unevaluatedProperties"
      ? (violation.params["additionalProperty"] ?? violation.params["unevaluatedProperty"])
      : undefined;
  const { line, column } = locate(violation.pointer, typeof extra === "string" ? extra : undefined);
  // ajv says "boolean schema is false" where a member (or item) is forbidden outright.
  const message = violation.keyword === "false schema" ? "must not be present" : violation.message;
  const named = typeof extra === "string" ? `: "${extra}"` : "";
  return `${file}:${line}:${column}: error ${violation.pointer || "/"} ${message}${named} (${violation.keyword})`;
}

export function unreadableLine(file: string, position: Position, message: string): string {
  return `${file}:${position.line}:${position.column}: error ${message}`;
}
