import { keywordChange } from "./changes.js";
import { schemaRule } from "./rule.js";

/**
 * A `format` is replaced by another.
 * Reported as both input-narrowing and output-widening: charter does not compare what two formats accept, so the new one may refuse old data, accept new data, or both.
 */
export const rule = schemaRule({
  id: "format-changed",
  site: "schema",
  check(pair, report) {
    const change = keywordChange(pair, "format");
    if (change?.change === "changed") report(change.message);
  },
});
