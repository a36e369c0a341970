import { RETIRED_CODES } from "../../pipeline/diagnostic-catalogue.js";
import { ALL_CODES } from "../codes.js";
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
    const anchor = `docs/diagnostics.md#${retired.code.toLowerCase()}`;
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
    io.stderr(
      `charter: no diagnostic ${args.operands[0]}; the codes are CH001 to ${ALL_CODES.at(-1)!.code} (docs/diagnostics.md lists them)\n`,
    );
    return EXIT_USAGE;
  }
  const anchor = `docs/diagnostics.md#${code.code.toLowerCase()}`;
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
