import { restChange } from "./changes.js";
import { schemaRule } from "./rule.js";

/**
 * `unevaluatedProperties: false` where members no other keyword evaluated were allowed.
 * Input-narrowing: an object with such a member was valid and is now refused.
 */
export const rule = schemaRule({
  id: "unevaluated-properties-closed",
  site: "rest",
  check(rest, report) {
    if (rest.keyword === "unevaluatedProperties" && restChange(rest) === "closed")
      report(`${rest.keyword}: false refuses what was accepted`);
  },
});
