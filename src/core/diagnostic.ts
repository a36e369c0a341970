/**
 * The one shape every finding of the compiler takes. Stages return these as
 * values; only the CLI prints them.
 */
export type Severity = "error" | "warning";

export interface SourcePosition {
  /** 1-based line. */
  line: number;
  /** 1-based column, in UTF-16 code units as editors count them. */
  column: number;
}

export interface Diagnostic {
  code: string;
  severity: Severity;
  message: string;
  /** Path of the file the finding is in, as given to the compiler (absolute). */
  file?: string;
  line?: number;
  column?: number;
  /** JSON pointer of the offending node inside the source document. */
  pointer?: string;
}

/** A documented diagnostic code, declared beside the stage that emits it. */
export interface DiagnosticCode {
  code: string;
  title: string;
  /** What it means and what to do about it. */
  help: string;
}

/** DiagnosticPlace a finding is: each part is optional, and only the parts given appear on the diagnostic. */
export interface DiagnosticPlace {
  file?: string | undefined;
  position?: SourcePosition | undefined;
  pointer?: string | undefined;
}

export function errorAt(code: DiagnosticCode, message: string, where: DiagnosticPlace = {}): Diagnostic {
  return diagnosticAt("error", code, message, where);
}

export function warningAt(code: DiagnosticCode, message: string, where: DiagnosticPlace = {}): Diagnostic {
  return diagnosticAt("warning", code, message, where);
}

/** For a severity that a setting decides; its members in the order JSON output shows them. */
export function diagnosticAt(
  severity: Severity,
  code: DiagnosticCode,
  message: string,
  where: DiagnosticPlace = {},
): Diagnostic {
  const d: Diagnostic = { code: code.code, severity, message };
  if (where.file !== undefined) d.file = where.file;
  if (where.position !== undefined) {
    d.line = where.position.line;
    d.column = where.position.column;
  }
  if (where.pointer !== undefined) d.pointer = where.pointer;
  return d;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === "error");
}

/** Stable order: by file, then position, then code, so output never depends on scheduling. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) =>
      compareStrings(a.file ?? "", b.file ?? "") ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0) ||
      compareStrings(a.code, b.code) ||
      compareStrings(a.message, b.message),
  );
}

/** Code-unit comparison: unlike localeCompare it does not change with LANG. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
