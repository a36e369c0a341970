import { UNION_KEYWORDS } from "../keywords.js";
import { describeSubschema, schemaRule } from "./rule.js";

/**
 * A branch of `anyOf` or `oneOf` is added.
 * Output-widening: a consumer may now receive data of a shape it never saw.
 */
export const rule = schemaRule({
  id: "union-branch-added",
  site: "subschema-new",
  check(subschema, report) {
    if ((UNION_KEYWORDS as readonly string[]).includes(subschema.keyword))
      report(describeSubschema(subschema, "added"));
  },
});
