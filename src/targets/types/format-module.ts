import { ts } from "../../repairs/support/typescript-api.js";
import { formatTypeScript } from "./templates.js";

/** What stands in for a comment while prettier formats: a word no module holds (one that does is formatted as it is). */
const MARK = "CHARTER_SET_ASIDE_";
/** A stand-in as prettier prints it, alone on its lines at one indentation. */
const STAND_IN = new RegExp(`^([ \\t]*)/\\*\\*?\\n\\1 \\* ${MARK}(\\d+)\\n\\1 \\*/`, "gm");

/**
 * A generated module formatted by prettier, its multi-line comments set aside: the same text as
 * `formatTypeScript` gives, in about two thirds of the time.
 *
 * The generator writes a doc comment for every description, and on SchemaStore's contracts
 * these are half of a module's text and more than half of prettier's time (attaching each to
 * its node, then laying out each line). Prettier never changes the layout of the code for what
 * a multi-line comment says: the comment breaks the group it is in whatever its length, and
 * prettier only measures a line up to such a break. So each comment is replaced by one of the
 * same shape (its first line as it is, one line with its number, its last line) and put back in
 * the formatted text, printed as prettier prints a comment (`printedComment`). A stand-in that
 * does not come back where expected, alone on its lines, makes the module be formatted whole.
 */
export async function formatModule(text: string): Promise<string> {
  // Prettier reads every line break as \n (endOfLine: lf); so must the comments set aside.
  const source = text.replace(/\r\n?/g, "\n");
  if (source.includes(MARK)) return formatTypeScript(source);
  const aside: string[] = [];
  const masked = maskComments(source, aside);
  if (aside.length === 0) return formatTypeScript(source);
  const formatted = await formatTypeScript(masked);
  let restored = 0;
  const back = formatted.replace(STAND_IN, (_whole, indent: string, index: string) => {
    restored++;
    return indent + printedComment(aside[Number(index)]!, indent);
  });
  return restored === aside.length ? back : formatTypeScript(source);
}

/** `source` with each comment of more than one line (found by TypeScript's scanner) replaced by a stand-in, kept in `aside`. */
function maskComments(source: string, aside: string[]): string {
  const scanner = ts.createScanner(ts.ScriptTarget.ES2022, false, ts.LanguageVariant.Standard, source);
  const parts: string[] = [];
  let copied = 0;
  // The braces open in each template literal's substitutions: its closing brace goes on with the template.
  const templates: number[] = [];
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    if (token === ts.SyntaxKind.TemplateHead) templates.push(0);
    else if (token === ts.SyntaxKind.OpenBraceToken && templates.length > 0) templates[templates.length - 1]!++;
    else if (token === ts.SyntaxKind.CloseBraceToken && templates.length > 0) {
      if (templates.at(-1)! > 0) templates[templates.length - 1]!--;
      else if (scanner.reScanTemplateToken(false) === ts.SyntaxKind.TemplateTail) templates.pop();
    }
    if (token !== ts.SyntaxKind.MultiLineCommentTrivia) continue;
    const start = scanner.getTokenStart();
    const comment = scanner.getTokenText();
    // The stand-in keeps what prettier reads of a comment: its opening, that it spans lines, and where it stands.
    const opening = /^\/\*\*?\n/.exec(comment)?.[0];
    if (opening === undefined || !comment.endsWith("*/") || comment.length < 5) continue;
    parts.push(source.slice(copied, start), `${opening} * ${MARK}${aside.length}\n */`);
    aside.push(comment);
    copied = start + comment.length;
  }
  parts.push(source.slice(copied));
  return parts.join("");
}

/**
 * A comment as prettier 3 prints it on its own lines at `indent`. A comment whose every line
 * starts with `*` has its lines indented, each trimmed, a doc comment's line keeping two spaces
 * at its end (markdown's line break); any other is printed as it is.
 */
export function printedComment(comment: string, indent: string): string {
  const value = comment.slice(2, -2);
  const lines = `*${value}*`.split("\n").map((line) => line.trimStart());
  if (!lines.every((line) => line.startsWith("*"))) return comment;
  const doc = value[0] === "*" && value[1] !== "*";
  const last = lines.length - 1;
  return (
    "/" +
    lines
      .map((line, i) => {
        if (i === 0) return line.trimEnd();
        if (i === last) return ` ${line}`;
        const trimmed = line.trimEnd();
        return ` ${trimmed}${doc && trimmed !== "*" && line.endsWith("  ") ? "  " : ""}`;
      })
      .join(`\n${indent}`) +
    "/"
  );
}
