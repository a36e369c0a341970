import { ITEM_RESTS } from "../keywords.js";
import { restChange } from "./changes.js";
import { schemaRule } from "./rule.js";

/**
 * `items`, `additionalItems` or `unevaluatedItems` is no longer `false`.
 * Output-widening: a consumer may now receive more items than it ever saw.
 */
export const rule = schemaRule({
  id: "items-opened",
  site: "rest",
  check(rest, report) {
    if ((ITEM_RESTS as readonly string[]).includes(rest.keyword) && restChange(rest) === "opened")
      report(`${rest.keyword} no longer false`);
  },
});
