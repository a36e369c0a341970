import { FUNCTION_HEADER } from "./ajv-code-patterns.js";
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

export function capErrors(code: string): string {
  const counter = COUNTER_DECLARATION.exec(code)?.[1];
  const out: string[] = [];
  let declared = false;
  let name = "";
  let inside = 0;
  for (const line of code.split("\n")) {
    const header = FUNCTION_HEADER.exec(line);
    if (header) {
      if (!declared) out.push(...DECLARATIONS);
      declared = true;
      name = header[1]!;
      inside = 0;
      out.push(line, `const __charterLimit = ${COUNTER} > 0 ? 0 : ${ERRORS_EXPORT}.limit;`);
      continue;
    }
    if (counter !== undefined && line === `const ${counter} = {charterNest: 0};`) continue;
    if (counter !== undefined && line === `${counter}.charterNest++;`) {
      inside++;
      out.push(`${COUNTER}++;`);
      continue;
    }
    if (counter !== undefined && line === `${counter}.charterNest--;`) {
      inside--;
      out.push(`${COUNTER}--;`);
      continue;
    }
    const stop = `if (errors > __charterLimit) return __charterEnd(${name}, vErrors);`;
    if (inside > 0 || (line !== "errors++;" && line !== "errors = vErrors.length;")) out.push(line);
    else out.push(`${line} ${stop}`);
  }
  if (!declared) out.unshift(...DECLARATIONS);
  // Among the module's exports, which function-scope.ts moves out of the function the code runs in.
  const last = out.length - (out[out.length - 1] === "" ? 1 : 0);
  out.splice(last, 0, `export const ${ERRORS_EXPORT} = ${ERRORS_EXPORT};`);
  return out.join("\n");
}

const DECLARATIONS = [
  `const ${ERRORS_EXPORT} = { limit: Infinity, list: null, nest: 0 };`,
  // Past the limit: a function called inside a subschema that may fail returns its verdict,
  // any other hands its list to the runtime. (A site that calls this is in no such subschema of
  // its own function, so the counter is what it was when the function started.)
  "function __charterEnd(validate, list) {",
  `if (${COUNTER} > 0) {`,
  "validate.errors = list;",
  "return false;",
  "}",
  `${ERRORS_EXPORT}.list = list;`,
  `throw ${ERRORS_EXPORT};`,
  "}",
  "",
];
