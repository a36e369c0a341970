import { restChange } from "./changes.js";
import { schemaRule } from "./rule.js";

/**
 * `unevaluatedProperties` is no longer `false`: members no other keyword evaluated are allowed.
 * Output-widening: a consumer may now receive members it never saw.
 */
export const rule = schemaRule({
  id: "unevaluated-properties-opened",
  site: "rest",
  check(rest, report) {
    if (rest.keyword === "unevaluatedProperties" && restChange(rest) === "opened")
      report(`${rest.keyword} no longer false`);
  },
});
