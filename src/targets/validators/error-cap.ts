import { FUNCTION_HEADER } from "./ajv-code-patterns.js";

/**
 * The error cap, in the all-errors validator: ajv's allErrors code collects
 * every violation, so an object with a million unexpected keys costs a million
 * error objects (about 180 MB) before anyone reads the first. Each place its
 * code counts a violation (`errors++`, and the count after merging a callee's
 * errors) also compares the count with a limit the runtime sets (`maxErrors`);
 * past it, the function hands its list to the runtime by throwing the object
 * the module exports as `__charterErrors` (limit Infinity until the runtime
 * sets it around a call, so the function behaves as ajv's when called
 * directly). The verdict is the first-error validator's and never changes;
 * only the list stops. The list handed over is that of the function where the
 * limit was reached: the violations found in that part of the data.
 */

/** The module's export holding the limit and, once reached, the list. */
export const ERRORS_EXPORT = "__charterErrors";

const STOP = `__charterStop(vErrors);`;

export function capErrors(code: string): string {
  const out: string[] = [];
  let declared = false;
  for (const line of code.split("\n")) {
    if (!declared && FUNCTION_HEADER.test(line)) {
      out.push(...DECLARATIONS);
      declared = true;
    }
    if (line === "errors++;") out.push(`if (++errors > ${ERRORS_EXPORT}.limit) ${STOP}`);
    else if (line === "errors = vErrors.length;") out.push(`${line} if (errors > ${ERRORS_EXPORT}.limit) ${STOP}`);
    else out.push(line);
  }
  if (!declared) out.unshift(...DECLARATIONS);
  // Among the module's exports, which function-scope.ts moves out of the function the code runs in.
  const last = out.length - (out[out.length - 1] === "" ? 1 : 0);
  out.splice(last, 0, `export const ${ERRORS_EXPORT} = ${ERRORS_EXPORT};`);
  return out.join("\n");
}

const DECLARATIONS = [
  `const ${ERRORS_EXPORT} = { limit: Infinity, list: null };`,
  "function __charterStop(list) {",
  `${ERRORS_EXPORT}.list = list;`,
  `throw ${ERRORS_EXPORT};`,
  "}",
  "",
];
