import { restChange } from "./changes.js";
import { schemaRule } from "./rule.js";

/**
 * `additionalProperties: false` where other members were allowed.
 * Input-narrowing: an object with such a member was valid and is now refused.
 */
export const rule = schemaRule({
  id: "additional-properties-closed",
  site: "rest",
  check(rest, report) {
    if (rest.keyword === "additionalProperties" && restChange(rest) === "closed")
      report(`${rest.keyword}: false refuses what was accepted`);
  },
});
