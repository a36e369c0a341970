import { multipleOfChange } from "./changes.js";
import { schemaRule } from "./rule.js";

/**
 * `multipleOf` is added, or changed to a multiple of the old step (2 to 4).
 * Input-narrowing: a value that was a multiple of the old step and is not of the new one is now refused.
 */
export const rule = schemaRule({
  id: "multiple-of-tightened",
  site: "limit",
  check(limit, report) {
    const change = multipleOfChange(limit);
    if (change?.change === "tightened") report(change.message);
  },
});
