/**
 * Files and functions a reader can hold in their head: no file in src/ over 400 lines and no
 * function over 100. Split by job when one grows past them (a stage's entry function, a class
 * with a method per step); the test names each one and its size.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 100;

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(relative);
    return entry.name.endsWith(".ts") ? [relative] : [];
  });
}

/** Every function, method, arrow function and constructor longer than the limit, as `file:line name (N lines)`. */
function longFunctions(file: string, text: string, limit: number): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body !== undefined) {
      const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const name = node.name !== undefined ? node.name.getText(source) : "(anonymous)";
      if (last - first + 1 > limit) found.push(`${file}:${first + 1} ${name} (${last - first + 1} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const FILES = sourceFiles("src").map((file) => ({ file, text: readFileSync(path.join(ROOT, file), "utf8") }));

describe("the size of src/", () => {
  it(`has no file over ${MAX_FILE_LINES} lines`, () => {
    const long = FILES.map(({ file, text }) => ({
      file,
      lines: text.split("\n").length - (text.endsWith("\n") ? 1 : 0),
    })).filter(({ lines }) => lines > MAX_FILE_LINES);
    expect(long.map(({ file, lines }) => `${file} (${lines} lines)`)).toEqual([]);
  });

  it(`has no function over ${MAX_FUNCTION_LINES} lines`, () => {
    expect(FILES.flatMap(({ file, text }) => longFunctions(file, text, MAX_FUNCTION_LINES))).toEqual([]);
  });

  it("measures what it claims: a planted long function and a short one", () => {
    const body = Array.from({ length: 101 }, (_, i) => `  const v${i} = ${i};`).join("\n");
    expect(
      longFunctions("x.ts", `export function long() {\n${body}\n}\nconst short = () => 1;\n`, MAX_FUNCTION_LINES),
    ).toEqual(["x.ts:1 long (103 lines)"]);
  });
});
