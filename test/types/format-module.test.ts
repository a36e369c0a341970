/**
 * formatModule (format-module.ts) formats a generated module with its multi-line comments set
 * aside, for speed: the text must be, byte for byte, what prettier gives the whole module.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import * as templates from "../../src/targets/types/templates.js";
import { formatModule, printedComment } from "../../src/targets/types/format-module.js";

// Each way a comment can be written, standing where the generator and the repairs put them.
const MODULE = [
  "/**",
  " * A header, as the generated modules start.",
  " */",
  'import type { Other } from "./other.js";',
  "/**",
  "* Not indented, a line with trailing blanks   ",
  "     *   over-indented, and a markdown line break  ",
  "* tab\tinside\t",
  "*/",
  "export interface Root {",
  "/**",
  " * A member's description, long enough that the member's own line would be wrapped if prettier ever measured the comment with it.",
  " */",
  '"quoted-name"?: string;',
  "nested: {",
  "/**",
  "   * Deeper.  ",
  " *",
  " * Paragraph after an empty line.",
  "   */",
  "inner: (number | null)[];",
  "};",
  "/*",
  "  a block comment whose lines do not start with a star",
  "    keeps its own layout",
  "*/",
  "other: Other;",
  "/***",
  " * three stars",
  " */",
  "[k: string]: unknown;",
  "}",
  "export type Choice =",
  "/**",
  " * the first",
  " */",
  '| "a"',
  "/**",
  " * the second, with `${code}` and /* inside",
  " */",
  '| "b" | `${string}/**${number}`;',
  '/** one line */ export type Short = "/**\\n */";',
  "export enum E {",
  "/**",
  " * a member",
  " */",
  "A = 1,",
  "}",
  "",
].join("\n");

describe("formatModule", () => {
  it("gives prettier's text for every kind of comment, with each set aside", async () => {
    const format = vi.spyOn(templates, "formatTypeScript");
    const formatted = await formatModule(MODULE);
    expect(formatted).toBe(await templates.formatTypeScript(MODULE));
    // Formatted once, with stand-ins in place of the comments: they were set aside, not formatted.
    expect(format.mock.calls[0]![0]).toContain("CHARTER_SET_ASIDE_");
    expect(format.mock.calls[0]![0]).not.toContain("over-indented");
    expect(formatted).toContain("   * Deeper.  \n");
    format.mockRestore();
  });

  it("reads CRLF line breaks as prettier does", async () => {
    const crlf = MODULE.replaceAll("\n", "\r\n");
    expect(await formatModule(crlf)).toBe(await templates.formatTypeScript(crlf));
  });

  it("formats the module whole when a comment is not on lines of its own, or the text holds the stand-ins' word", async () => {
    const trailing = "export interface A {\n  a: string; /**\n   * after the code\n   */\n  b: number;\n}\n";
    expect(await formatModule(trailing)).toBe(await templates.formatTypeScript(trailing));
    const marked = "/**\n * CHARTER_SET_ASIDE_0\n */\nexport type A = 1;\n";
    expect(await formatModule(marked)).toBe(await templates.formatTypeScript(marked));
  });

  it("gives prettier's text for this repository's generated modules, unindented", async () => {
    const dir = new URL("../../generated/types/", import.meta.url);
    const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const text = readFileSync(new URL(file, dir), "utf8").replace(/^[ \t]+/gm, "");
      expect(await formatModule(text), file).toBe(await templates.formatTypeScript(text));
    }
  });

  it("prints a comment as prettier does at an indentation", () => {
    expect(printedComment("/**\n* a  \n  * b\n*/", "    ")).toBe("/**\n     * a  \n     * b\n     */");
    expect(printedComment("/***\n* a  \n*/", "  ")).toBe("/***\n   * a\n   */");
    expect(printedComment("/*\n  free\n*/", "  ")).toBe("/*\n  free\n*/");
  });
});
