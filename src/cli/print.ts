import path from "node:path";
import type { Diagnostic } from "../core/diagnostic.js";
import type { Drift } from "../drift/compare-trees.js";

/** Paths as a person at this terminal would type them: relative to the current directory, `/`-separated. */
export function displayPath(file: string, cwd: string): string {
  const relative = path.relative(cwd, file) || ".";
  return relative.split(path.sep).join("/");
}

/** `path:line:col: error CODE message`, or with `github` a GitHub Actions annotation that marks the line in a pull request. */
export function formatDiagnostic(d: Diagnostic, cwd: string, format: "text" | "json" | "github" = "text"): string {
  if (format === "github") return githubAnnotation(d, cwd);
  const where =
    d.file === undefined
      ? "charter"
      : displayPath(d.file, cwd) + (d.line !== undefined ? `:${d.line}:${d.column ?? 1}` : "");
  return `${where}: ${d.severity} ${d.code} ${d.message}`;
}

/** `::error file=F,line=L,col=C,title=CODE::message`, escaped as the workflow-command syntax requires. */
function githubAnnotation(d: Diagnostic, cwd: string): string {
  const data = (text: string) => text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
  const property = (text: string) => data(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
  const properties = [
    ...(d.file !== undefined ? [`file=${property(displayPath(d.file, cwd))}`] : []),
    ...(d.line !== undefined ? [`line=${d.line}`, `col=${d.column ?? 1}`] : []),
    `title=${property(d.code)}`,
  ];
  const command = d.severity === "error" ? "error" : d.severity === "warning" ? "warning" : "notice";
  return `::${command} ${properties.join(",")}::${data(d.message)}`;
}

export function relativeDiagnostic(d: Diagnostic, cwd: string): Diagnostic {
  return d.file === undefined ? d : { ...d, file: displayPath(d.file, cwd) };
}

export function formatDiff(stale: Drift["stale"][number]): string {
  const more = stale.omittedLines > 0 ? `\n... ${stale.omittedLines} more diff lines not shown` : "";
  return stale.diff + more;
}
