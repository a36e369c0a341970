import { ITEM_RESTS } from "../keywords.js";
import { restChange } from "./changes.js";
import { schemaRule } from "./rule.js";

/**
 * `items`, `additionalItems` or `unevaluatedItems` became `false` where more items were allowed.
 * Input-narrowing: a longer array was valid and is now refused.
 */
export const rule = schemaRule({
  id: "items-closed",
  site: "rest",
  check(rest, report) {
    if ((ITEM_RESTS as readonly string[]).includes(rest.keyword) && restChange(rest) === "closed")
      report(`${rest.keyword}: false refuses what was accepted`);
  },
});
