import { keywordChange } from "./changes.js";
import { schemaRule } from "./rule.js";

/**
 * A `pattern` is replaced by another.
 * Reported as both input-narrowing and output-widening: charter does not compare what two patterns accept, so the new one may refuse old data, accept new data, or both.
 */
export const rule = schemaRule({
  id: "pattern-changed",
  site: "schema",
  check(pair, report) {
    const change = keywordChange(pair, "pattern");
    if (change?.change === "changed") report(change.message);
  },
});
