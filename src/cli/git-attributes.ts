import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * What the output directory needs from git: LF (the output is LF by contract,
 * so a checkout on Windows must not convert it), and the mark that makes review
 * tools (GitHub's among them) fold its diffs as generated.
 */
const WANTED = ["text", "eol=lf", "linguist-generated=true"];

/**
 * Marks the output directory in the project's `.gitattributes`: creates the
 * file, or appends one line with the attributes it does not set yet for that
 * directory, keeping every line it has (a value the project chose, such as
 * `linguist-generated=false`, stays). Returns what it did, as init says it.
 */
export function markGeneratedOutput(projectDir: string, outDir: string): string {
  const file = path.join(projectDir, ".gitattributes");
  const relative = path.relative(projectDir, outDir).split(path.sep).join("/");
  if (relative === "" || relative.startsWith("../") || relative === ".." || path.isAbsolute(relative))
    return `skipped .gitattributes (the output directory is not below the project, so it cannot mark it)`;
  // Git reads a pattern with spaces or quotes only in C-style quotes.
  const pattern = /[\s"\\]/.test(relative) ? JSON.stringify(`${relative}/**`) : `${relative}/**`;
  let text: string | undefined;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    text = undefined;
  }
  const missing = WANTED.filter((attribute) => !setsAttribute(text ?? "", pattern, attributeName(attribute)));
  if (missing.length === 0) return `skipped .gitattributes (it marks ${relative}/ already)`;
  const line = `${pattern} ${missing.join(" ")}`;
  if (text === undefined) {
    writeFileSync(
      file,
      `# Written by charter init: generated output is LF, and review tools fold its diffs.\n${line}\n`,
    );
    return `created .gitattributes (${relative}/ as LF and linguist-generated)`;
  }
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const separator = text === "" || text.endsWith("\n") ? "" : eol;
  writeFileSync(file, `${text}${separator}${line}${eol}`);
  return `added ${line} to .gitattributes`;
}

/** `-text`, `!text`, `text=auto` and `text` all set (or unset) the attribute `text`. */
function attributeName(attribute: string): string {
  return attribute.replace(/^[-!]/, "").replace(/=.*$/, "");
}

/** Whether a line for exactly this pattern says anything about the attribute. */
function setsAttribute(text: string, pattern: string, name: string): boolean {
  return text.split(/\r?\n/).some((line) => {
    const fields = line.trim().split(/\s+/);
    return fields[0] === pattern && fields.slice(1).some((field) => attributeName(field) === name);
  });
}
