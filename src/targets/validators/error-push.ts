import { FUNCTION_HEADER, STRING_LITERAL_SOURCE } from "./ajv-code-patterns.js";

/**
 * Rewrite of ajv's code: each violation it records outside a first-error
 * return is written as a constant and six lines that start the list or append
 * to it. Over the SchemaStore corpus that pattern is repeated 356,000 times,
 * about 25 MB of the validators. Here it becomes one statement,
 * `vErrors = __charterPush(vErrors, {…});`, calling a function the module
 * declares once that does what the six lines did: a new list of that one
 * error where there was none (exactly sized, as ajv's `[err]`), else the error
 * appended. `(vErrors ??= []).push(…)` is shorter but grows an empty array,
 * and a valid instance whose `oneOf` branches fail pays for it: yamllint's
 * valid data ran at 0.93 of ajv's code that way, at 1.03 with the function.
 */
/** The first line of an error constant; ajv spreads some over several (the params of `dependencies`). */
const ERROR_CONSTANT = /^const (err\d+) = (\{.*)$/;
/** Lines an error constant may span: ajv's longest, `dependencies`, takes four. */
const MAX_CONSTANT_LINES = 16;
const PUSH = "__charterPush";
const STRING_LITERAL = new RegExp(STRING_LITERAL_SOURCE, "g");
const ERROR_NAME = /\berr\d+\b/g;
/** Whether a line may name an error constant at all: most lines are skipped without the scan above. */
const ERROR_NAME_TEST = /\berr\d/;
const DECLARATION = [
  `function ${PUSH}(list, error) {`,
  "if (list === null) return [error];",
  "list.push(error);",
  "return list;",
  "}",
];

/** `lines` of ajv's code with each such error appended in one statement: a new array, or `lines` itself when nothing changed. */
export function compactErrorPushes(lines: readonly string[]): { lines: readonly string[]; replaced: number } {
  const out: string[] = [];
  const removed = new Set<string>();
  for (let i = 0; i < lines.length; i++) {
    const declared = errorConstant(lines, i);
    if (declared && appendsOnly(lines, declared.end + 1, declared.name)) {
      const statement = `vErrors = ${PUSH}(vErrors, ${declared.value});`;
      // One element a line, as the rewrites after this one read them.
      if (statement.includes("\n")) out.push(...statement.split("\n"));
      else out.push(statement);
      removed.add(declared.name);
      i = declared.end + APPEND.length;
    } else out.push(lines[i]!);
  }
  if (removed.size === 0) return { lines, replaced: 0 };
  // Declared before the first function, beside the module's other declarations.
  const first = out.findIndex((line) => FUNCTION_HEADER.test(line));
  out.splice(first === -1 ? 0 : first, 0, ...DECLARATION);
  // A constant named anywhere else (no ajv version has done so) keeps the module as ajv wrote it;
  // the schema's own strings (an enum value "err58") name nothing. Line by line: no string spans two.
  for (const line of out) {
    if (!ERROR_NAME_TEST.test(line)) continue;
    for (const used of line.replace(STRING_LITERAL, '""').matchAll(ERROR_NAME))
      if (removed.has(used[0])) return { lines, replaced: 0 };
  }
  return { lines: out, replaced: removed.size };
}

/**
 * The error constant declared at line `at`: its name, its object's text and
 * its last line. Most take one line; an error whose params ajv writes one per
 * line ends at the first line that closes the statement.
 */
function errorConstant(lines: readonly string[], at: number): { name: string; value: string; end: number } | undefined {
  const start = ERROR_CONSTANT.exec(lines[at]!);
  if (!start) return undefined;
  for (let end = at; end < Math.min(lines.length, at + MAX_CONSTANT_LINES); end++) {
    if (!lines[end]!.endsWith("};")) continue;
    const value = [start[2]!, ...lines.slice(at + 1, end + 1)].join("\n").slice(0, -1);
    return { name: start[1]!, value, end };
  }
  return undefined;
}

/** ajv's six lines after an error constant, with `ERR` for its name. */
const APPEND = ["if(vErrors === null){", "vErrors = [ERR];", "}", "else {", "vErrors.push(ERR);", "}"];

function appendsOnly(lines: readonly string[], from: number, name: string): boolean {
  return APPEND.every((line, k) => lines[from + k] === line.replace("ERR", name));
}
