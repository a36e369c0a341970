import safeRegex from "safe-regex2";
import { CHECK_CODES } from "../codes.js";
import type { LintRule } from "./lint-rule.js";
import { compileError, patternsOf } from "./patterns.js";

/**
 * CH318: a regular expression with nested quantifiers (`(a+)+`). It validates
 * correctly, but a crafted input makes a backtracking engine such as RegExp take
 * exponential time: a denial of service waiting for data. Said only when the
 * contract's patterns run in RegExp, not under `validation.patterns: linear`.
 */
export const lint: LintRule = {
  id: "slow-pattern",
  code: CHECK_CODES.slowPattern,
  severity: "warning",
  description:
    "a regular expression that nests quantifiers, so that some inputs take exponential time in a backtracking engine",
  schema(schema, pointer, { settings, report }) {
    if (settings.linearPatterns) return;
    for (const { written, pointer: at, atKey } of patternsOf(schema, pointer)) {
      // Nested repetition needs a repeated group; safe-regex2 also answers "unsafe" for what its parser
      // cannot read (a lookbehind), so only patterns with a repeated group are asked.
      if (compileError(written) !== undefined || !/\)[*+{]/.test(written) || safeRegex(written)) continue;
      const message = `${JSON.stringify(written)} nests quantifiers (safe-regex2: star height above 1), so some inputs take exponential time with RegExp; validation.patterns: linear runs it in linear time (charter validate does by default)`;
      report(schema, message, at, atKey);
    }
  },
};
