import type { SourcePosition } from "../../core/diagnostic.js";

/**
 * Where a YAML syntax error most likely starts, and what to say of it, when the parser's own
 * place is a symptom: a line indented deeper than the key above it, whose value is already
 * set (`type: string`, then `  minLength: 1` further in), reads to the parser as one key
 * running over two lines, reported at the end of the line above. The cause is the deeper
 * line: it is reported there, at its first character.
 */
export function indentationCause(
  source: string,
  at: SourcePosition,
): { position: SourcePosition; message: string } | undefined {
  const lines = source.split(/\r?\n/);
  const above = lines[at.line - 1];
  if (above === undefined) return undefined;
  const next = lines.findIndex((line, i) => i >= at.line && line.trim() !== "" && !line.trim().startsWith("#"));
  if (next < 0) return undefined;
  const indentAbove = above.length - above.trimStart().length;
  const indentNext = lines[next]!.length - lines[next]!.trimStart().length;
  if (indentNext <= indentAbove) return undefined;
  const key = /^\s*(?:- )?([^:#]+):/.exec(above)?.[1]?.trim();
  const named = key !== undefined ? `"${key}:"` : "the line above";
  return {
    position: { line: next + 1, column: indentNext + 1 },
    message: `indented deeper (column ${indentNext + 1}) than ${named} on line ${at.line} (column ${indentAbove + 1}), whose value is already set; align it with ${named} to make it a sibling, or move the value to its own line to nest it`,
  };
}
