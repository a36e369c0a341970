import { CHECK_CODES } from "../codes.js";
import type { LintRule } from "./lint-rule.js";
import { compileError, patternsOf } from "./patterns.js";

/**
 * CH317: a `pattern` or `patternProperties` key that is not an ECMAScript
 * regular expression (with the `u` flag, as validators run it). The meta-schema
 * asks only for a string, so this is found here, with the lints; unlike them it
 * is an error that cannot be silenced, since no validator can be built.
 */
export const lint: LintRule = {
  id: "bad-pattern",
  code: CHECK_CODES.badPattern,
  severity: "error",
  description: "a `pattern` or `patternProperties` key that does not compile as an ECMAScript regular expression",
  schema(schema, pointer, { report }) {
    for (const { written, pointer: at, atKey } of patternsOf(schema, pointer)) {
      const problem = compileError(written);
      if (problem !== undefined)
        report(schema, `${JSON.stringify(written)} is not an ECMAScript regular expression: ${problem}`, at, atKey);
    }
  },
};
