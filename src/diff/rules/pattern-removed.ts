import { keywordChange } from "./changes.js";
import { schemaRule } from "./rule.js";

/**
 * A `pattern` is removed.
 * Output-widening: a consumer may now receive a string the old pattern refused.
 */
export const rule = schemaRule({
  id: "pattern-removed",
  site: "schema",
  check(pair, report) {
    const change = keywordChange(pair, "pattern");
    if (change?.change === "removed") report(change.message);
  },
});
