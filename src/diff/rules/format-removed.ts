import { keywordChange } from "./changes.js";
import { schemaRule } from "./rule.js";

/**
 * A `format` is removed.
 * Output-widening: a consumer may now receive a string not in the old format.
 */
export const rule = schemaRule({
  id: "format-removed",
  site: "schema",
  check(pair, report) {
    const change = keywordChange(pair, "format");
    if (change?.change === "removed") report(change.message);
  },
});
