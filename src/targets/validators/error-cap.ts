import { EXPORT_LINE, FUNCTION_HEADER } from "./ajv-code-patterns.js";
import { COUNTER_DECLARATION } from "./composite-branches.js";

/**
 * The error cap, which makes one module serve both ways of reporting. ajv's
 * all-errors code collects every violation, so an object with a million
 * unexpected keys costs a million error objects (about 180 MB) before anyone
 * reads the first, and a caller that wants only the first would pay for all.
 * So each place the code counts an error that stands (`errors++`, and the
 * count after merging a callee's errors) compares the count with a limit the
 * runtime sets: 0 to stop at the first violation, `maxErrors` to list that
 * many. Past it, the function hands its list to the runtime by throwing the
 * object the module exports as `__charterErrors` (limit Infinity until the
 * runtime sets it around a call, so that a direct call lists every
 * violation, as ajv's all-errors function does).
 *
 * An error inside a subschema whose errors may be dropped (an anyOf branch,
 * the condition of an if: composite-branches.ts) does not stand, so it is
 * never compared: such sites are found in the text, between the counter's
 * `++` and `--` lines of the same function. A function called from inside
 * one (the counter above zero when it starts) returns false at its first
 * error, as ajv's first-error function would: its caller only needs the
 * verdict. The counter lives in the exported object too (`nest`), so that the
 * runtime can reset it after a call that threw.
 */

/** The module's export holding the limit, the list once the limit is reached, and the counter. */
export const ERRORS_EXPORT = "__charterErrors";

const COUNTER = `${ERRORS_EXPORT}.nest`;

/** `lines` of ajv's code with the cap: a new array. */
export function capErrors(lines: readonly string[]): string[] {
  const declaration = lines.find((line) => line.startsWith("const obj") && COUNTER_DECLARATION.test(line));
  const counter = declaration === undefined ? undefined : COUNTER_DECLARATION.exec(declaration)![1];
  const counted = counter === undefined ? new Set<number>() : countedSubschemas(lines, counter);
  // A caller's own call of an export (one argument; the code's calls pass two) starts the count
  // afresh: a call that ran out of stack inside a counted subschema left it above 0.
  const exported = new Set(
    lines.flatMap((line) => (line.startsWith("export const ") ? (EXPORT_LINE.exec(line)?.[2] ?? []) : [])),
  );
  const out: string[] = [];
  let declared = false;
  let name = "";
  let inside = 0;
  lines.forEach((line, i) => {
    const header = line.startsWith("function ") ? FUNCTION_HEADER.exec(line) : null;
    if (header) {
      if (!declared) out.push(...DECLARATIONS);
      declared = true;
      name = header[1]!;
      inside = 0;
      if (exported.has(name)) {
        out.push(line, `if (arguments.length < 2) ${COUNTER} = 0;`);
        return;
      }
    } else if (counter !== undefined && line === `const ${counter} = {charterNest: 0};`) return;
    else if (counter !== undefined && (line === `${counter}.charterNest++;` || line === `${counter}.charterNest--;`)) {
      inside += line.endsWith("++;") ? 1 : -1;
      if (counted.has(i)) out.push(`${COUNTER}${line.slice(-3)}`);
      return;
    }
    if (inside > 0 || (line !== "errors++;" && line !== "errors = vErrors.length;")) out.push(line);
    else {
      // ajv's first-error function reports a failed contains alone, without its items' errors.
      const alone = line === "errors++;" && CONTAINS_ERROR.test(lines[i - 1] ?? "") ? ", true" : "";
      out.push(`${line} if (__charterOver(errors)) return __charterEnd(${name}, vErrors${alone});`);
    }
  });
  if (!declared) out.unshift(...DECLARATIONS);
  // Among the module's exports, which function-scope.ts moves out of the function the code runs in.
  const last = out.length - (out[out.length - 1] === "" ? 1 : 0);
  out.splice(last, 0, `export const ${ERRORS_EXPORT} = ${ERRORS_EXPORT};`);
  return out;
}

/**
 * A call of one of ajv's validation functions (not `validate3.errors`): by name, through an
 * object that holds it (`wrapper0.validate(`, `root0.validate(` for a `$ref: "#"` from a
 * definition), or through the dynamic scope.
 */
const AJV_CALL = /(?<![\w$])(?:validate\d+\(|[\w$]+\.validate\(|dynamicAnchors\b)/;

/** The line ajv writes for the error of a failed contains (error-push.ts made it one line). */
const CONTAINS_ERROR = /^vErrors = __charterPush\(vErrors, \{.*,keyword:"contains",/;

/**
 * The lines of the counter's `++` and `--` that the module keeps: those around a subschema
 * whose code calls a function. Elsewhere the count is never read (the sites inside are found
 * in the text), and valid data would pay for each.
 */
function countedSubschemas(lines: readonly string[], counter: string): Set<number> {
  const kept = new Set<number>();
  const open: number[] = [];
  lines.forEach((line, i) => {
    if (line === `${counter}.charterNest++;`) open.push(i);
    else if (line === `${counter}.charterNest--;`) {
      const start = open.pop()!;
      if (lines.slice(start + 1, i).some((inner) => AJV_CALL.test(inner))) kept.add(start).add(i);
    }
  });
  return kept;
}

const DECLARATIONS = [
  `const ${ERRORS_EXPORT} = { limit: Infinity, list: null, nest: 0 };`,
  // Whether an error that stands ends the function: at once inside a subschema that may fail,
  // past the limit elsewhere. (A site that asks is in no such subschema of its own function, so
  // the counter is what it was when the function started.)
  "function __charterOver(errors) {",
  `return ${COUNTER} > 0 || errors > ${ERRORS_EXPORT}.limit;`,
  "}",
  // A function called inside a subschema that may fail returns its verdict; any other hands its
  // list to the runtime (stopped at the first violation, a contains error without its items').
  "function __charterEnd(validate, list, alone) {",
  `if (${COUNTER} > 0) {`,
  "validate.errors = list;",
  "return false;",
  "}",
  `${ERRORS_EXPORT}.list = alone && ${ERRORS_EXPORT}.limit === 0 ? list.slice(-1) : list;`,
  `throw ${ERRORS_EXPORT};`,
  "}",
  "",
];
