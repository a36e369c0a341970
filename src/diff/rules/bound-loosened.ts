import { boundChange } from "./changes.js";
import { schemaRule } from "./rule.js";

/**
 * A lower bound is removed or lowered, or an upper bound removed or raised.
 * Output-widening: a consumer may now receive a value beyond the old bound.
 */
export const rule = schemaRule({
  id: "bound-loosened",
  site: "limit",
  check(limit, report) {
    const change = boundChange(limit);
    if (change && !change.tighter) report(change.message);
  },
});
