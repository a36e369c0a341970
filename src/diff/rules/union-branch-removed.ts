import { UNION_KEYWORDS } from "../keywords.js";
import { describeSubschema, schemaRule } from "./rule.js";

/**
 * A branch of `anyOf` or `oneOf` is gone (branches that only moved, or changed in place, are compared instead).
 * Input-narrowing: data that only that branch accepted was valid and is now refused.
 */
export const rule = schemaRule({
  id: "union-branch-removed",
  site: "subschema-gone",
  check(subschema, report) {
    if ((UNION_KEYWORDS as readonly string[]).includes(subschema.keyword))
      report(describeSubschema(subschema, "removed"));
  },
});
