import { multipleOfChange } from "./changes.js";
import { schemaRule } from "./rule.js";

/**
 * `multipleOf` is removed, or changed to a divisor of the old step (4 to 2, 0.3 to 0.1).
 * Output-widening: a consumer may now receive a value that is not a multiple of the old step.
 */
export const rule = schemaRule({
  id: "multiple-of-loosened",
  site: "limit",
  check(limit, report) {
    const change = multipleOfChange(limit);
    if (change?.change === "loosened") report(change.message);
  },
});
