/** What the rewrites of ajv's standalone code (`code.lines`) recognize in it. */

/** The first line of each validation function, with its name: where the rewrites put what a module declares once. */
export const FUNCTION_HEADER = /^function ([\w$]+)\(data, \{instancePath="",/;

/** A line that exports one of the module's bindings: its exported name, then the local one. */
export const EXPORT_LINE = /^export const ([\w$]+) = ([\w$]+);$/;

/** A string as ajv writes one: JSON's double quotes and escapes, on one line (a pattern's source, to build on). */
export const STRING_LITERAL_SOURCE = String.raw`"(?:[^"\\\n]|\\.)*"`;

/** One validation function in ajv's code, by offsets into it. */
export interface AjvFunction {
  name: string;
  /** Where its header line starts, and where that line ends (before its newline). */
  start: number;
  headerEnd: number;
  /** Where the next function's header starts, or the end of the code: text between two functions counts with the first. */
  end: number;
}

const FUNCTION_HEADERS = new RegExp(`${FUNCTION_HEADER.source}.*$`, "gm");

/** The validation functions of ajv's code, in order; the text before the first belongs to none. */
export function ajvFunctions(code: string): AjvFunction[] {
  const headers = [...code.matchAll(FUNCTION_HEADERS)];
  return headers.map((header, i) => ({
    name: header[1]!,
    start: header.index,
    headerEnd: header.index + header[0].length,
    end: headers[i + 1]?.index ?? code.length,
  }));
}
