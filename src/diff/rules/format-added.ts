import { keywordChange } from "./changes.js";
import { schemaRule } from "./rule.js";

/**
 * A `format` is added.
 * Input-narrowing: a string not in that format was valid and is now refused.
 */
export const rule = schemaRule({
  id: "format-added",
  site: "schema",
  check(pair, report) {
    const change = keywordChange(pair, "format");
    if (change?.change === "added") report(change.message);
  },
});
