import { restChange } from "./changes.js";
import { schemaRule } from "./rule.js";

/**
 * `additionalProperties` is no longer `false`: other members are allowed.
 * Output-widening: a consumer may now receive members it never saw.
 */
export const rule = schemaRule({
  id: "additional-properties-opened",
  site: "rest",
  check(rest, report) {
    if (rest.keyword === "additionalProperties" && restChange(rest) === "opened")
      report(`${rest.keyword} no longer false`);
  },
});
