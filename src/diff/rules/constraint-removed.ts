import { CONSTRAINT_KEYWORDS } from "../keywords.js";
import { describeSubschema, schemaRule } from "./rule.js";

/**
 * A condition on the value is gone: an `allOf` branch, or a `not` or an `if`/`then`/`else` removed or changed.
 * Output-widening: a consumer may now receive data the old condition refused.
 */
export const rule = schemaRule({
  id: "constraint-removed",
  site: "subschema-gone",
  check(subschema, report) {
    if ((CONSTRAINT_KEYWORDS as readonly string[]).includes(subschema.keyword))
      report(describeSubschema(subschema, "removed"));
  },
});
