import path from "node:path";
import type { Diagnostic } from "../compiler/diagnostic.js";
import type { Drift } from "../compiler/drift/compare-trees.js";

/** Paths as a person at this terminal would type them: relative to the current directory, `/`-separated. */
export function displayPath(file: string, cwd: string): string {
  const relative = path.relative(cwd, file) || ".";
  return relative.split(path.sep).join("/");
}

export function formatDiagnostic(d: Diagnostic, cwd: string): string {
  const where = d.file === undefined ? "charter" : displayPath(d.file, cwd) + (d.line !== undefined ? `:${d.line}:${d.column ?? 1}` : "");
  return `${where}: ${d.severity} ${d.code} ${d.message}`;
}

export function relativeDiagnostic(d: Diagnostic, cwd: string): Diagnostic {
  return d.file === undefined ? d : { ...d, file: displayPath(d.file, cwd) };
}

export function formatDiff(stale: Drift["stale"][number]): string {
  const more = stale.omittedLines > 0 ? `\n... ${stale.omittedLines} more diff lines not shown` : "";
  return stale.diff + more;
}
