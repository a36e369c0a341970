/**
 * The one shape every finding of the compiler takes. Stages return these as
 * values; only the CLI prints them. A note is neither: it says what is there
 * (a compatible change `charter diff` found) and never fails a run.
 */
export type Severity = "error" | "warning" | "note";

export interface SourcePosition {
  /** 1-based line. */
  line: number;
  /** 1-based column, in UTF-16 code units as editors count them. */
  column: number;
}

export interface Diagnostic {
  code: Code;
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
export interface DiagnosticCode<C extends string = Code> {
  code: C;
  title: string;
  /** What it means and what to do about it. */
  help: string;
}

/** The codes a layer emits, by a name for each (`satisfies CodeTable`, so that each code keeps its literal type). */
export type CodeTable = Record<string, DiagnosticCode<`CH${number}`>>;

/**
 * Every layer's table of codes, by the layer's name. Empty here: each codes.ts
 * adds its own table (declaration merging), so that core names no stage. The
 * catalogue (src/pipeline/diagnostic-catalogue.ts, completed by the CLI's own
 * tables in src/cli/codes.ts) takes them all.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging, table by table
export interface CodeTables {}

/** Every code a table declares: a code that none declares (a typo) fails tsc. */
export type Code = { [T in keyof CodeTables]: CodesOf<CodeTables[T]> }[keyof CodeTables];

type CodesOf<Table> = {
  [K in keyof Table]: Table[K] extends { code: infer C extends string } ? C : never;
}[keyof Table];

/** Where a finding is: each part is optional, and only the parts given appear on the diagnostic. */
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
