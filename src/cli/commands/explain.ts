import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { RETIRED_CODES } from "../../pipeline/diagnostic-catalogue.js";
import { closestMatch } from "../../core/suggest.js";
import { ALL_CODES } from "../all-codes.js";
import type { ParsedArgs } from "../args.js";
import { EXIT_OK, EXIT_USAGE, type CliIo } from "../io.js";

/** `charter explain CODE`: a diagnostic's title and documentation, from the catalogue behind docs/diagnostics.md. */
export function runExplain(args: ParsedArgs, io: CliIo): number {
  const wanted = args.operands[0]!.toUpperCase();
  const matches = (c: { code: string }) =>
    c.code === wanted || c.code === `CH${wanted.replace(/^CH/, "").padStart(3, "0")}`;
  const code = ALL_CODES.find(matches);
  const retired = RETIRED_CODES.find(matches);
  if (code === undefined && retired !== undefined) {
    // Still explained: a log or a CI history from an older charter may print it.
    const anchor = `${diagnosticsDoc(io.cwd)}#${retired.code.toLowerCase()}`;
    if (args.format === "json") {
      io.stdout(
        JSON.stringify(
          {
            command: "explain",
            code: retired.code,
            title: retired.title,
            retired: true,
            help: retired.retired,
            more: anchor,
          },
          null,
          2,
        ) + "\n",
      );
      return EXIT_OK;
    }
    io.stdout(
      `${retired.code}: ${retired.title} (retired: charter no longer prints it)\n\n${wrap(retired.retired, 100)}\n\nMore: ${anchor}\n`,
    );
    return EXIT_OK;
  }
  if (code === undefined) {
    const meant = likelyCode(wanted);
    const hint = meant === undefined ? "; the codes are" : `; did you mean ${meant}? The codes are`;
    io.stderr(
      `charter: no diagnostic ${args.operands[0]}${hint} CH001 to ${ALL_CODES.at(-1)!.code} (${diagnosticsDoc(io.cwd)} lists them)\n`,
    );
    return EXIT_USAGE;
  }
  const anchor = `${diagnosticsDoc(io.cwd)}#${code.code.toLowerCase()}`;
  if (args.format === "json") {
    io.stdout(
      JSON.stringify(
        { command: "explain", code: code.code, title: code.title, help: code.help, more: anchor },
        null,
        2,
      ) + "\n",
    );
    return EXIT_OK;
  }
  io.stdout(`${code.code}: ${code.title}\n\n${wrap(code.help, 100)}\n\nExamples of what produces it: ${anchor}\n`);
  return EXIT_OK;
}

/**
 * Where the documentation of every code is, as the user can open it: the installed package's
 * docs/diagnostics.md (`node_modules/charter/docs/diagnostics.md` in a project), relative to
 * the current folder when that is shorter; a path into charter's repository would resolve
 * nowhere in a project of one's own.
 */
function diagnosticsDoc(cwd: string): string {
  const installed = fileURLToPath(new URL("../../../docs/diagnostics.md", import.meta.url));
  if (!existsSync(installed)) return "docs/diagnostics.md of the charter package";
  const relative = path.relative(cwd, installed).split(path.sep).join("/");
  return relative.length < installed.length ? relative : installed;
}

/** A mistyped code's likely meaning: letters taken for digits (CH3l2, CH3O4), else the nearest code. */
function likelyCode(wanted: string): string | undefined {
  const codes = [...ALL_CODES, ...RETIRED_CODES].map((c) => c.code);
  const digits = `CH${wanted.replace(/^CH/, "").replace(/[LI]/g, "1").replace(/O/g, "0")}`;
  if (codes.includes(digits)) return digits;
  return closestMatch(wanted, codes);
}

/** The text broken at spaces into lines of at most `width` characters. */
function wrap(text: string, width: number): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  if (line !== "") lines.push(line);
  return lines.join("\n");
}
