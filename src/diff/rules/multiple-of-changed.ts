import { multipleOfChange } from "./changes.js";
import { schemaRule } from "./rule.js";

/**
 * `multipleOf` is changed to a step that is neither a multiple nor a divisor of the old one (2 to 3).
 * Reported as both input-narrowing and output-widening: 2 is refused now, 3 may now arrive.
 */
export const rule = schemaRule({
  id: "multiple-of-changed",
  site: "limit",
  check(limit, report) {
    const change = multipleOfChange(limit);
    if (change?.change === "changed") report(change.message);
  },
});
