import { keywordChange } from "./changes.js";
import { schemaRule } from "./rule.js";

/**
 * A `pattern` is added.
 * Input-narrowing: a string that does not match it was valid and is now refused.
 */
export const rule = schemaRule({
  id: "pattern-added",
  site: "schema",
  check(pair, report) {
    const change = keywordChange(pair, "pattern");
    if (change?.change === "added") report(change.message);
  },
});
