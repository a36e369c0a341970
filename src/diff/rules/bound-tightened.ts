import { boundChange } from "./changes.js";
import { schemaRule } from "./rule.js";

/**
 * A lower bound (`minimum`, `minLength`, `minItems`, ...) is added or raised, or an upper bound added or lowered.
 * Input-narrowing: a value between the old bound and the new one was valid and is now refused.
 */
export const rule = schemaRule({
  id: "bound-tightened",
  site: "limit",
  check(limit, report) {
    const change = boundChange(limit);
    if (change?.tighter) report(change.message);
  },
});
