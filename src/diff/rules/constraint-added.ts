import { CONSTRAINT_KEYWORDS } from "../keywords.js";
import { describeSubschema, schemaRule } from "./rule.js";

/**
 * A further condition on the value: an `allOf` branch added, or a `not` or an `if`/`then`/`else` added or changed
 * (a changed `not` turns what it refused around, so the old one counts as removed and the new one as added).
 * Input-narrowing: data the new condition refuses was valid and is now refused.
 */
export const rule = schemaRule({
  id: "constraint-added",
  site: "subschema-new",
  check(subschema, report) {
    if ((CONSTRAINT_KEYWORDS as readonly string[]).includes(subschema.keyword))
      report(describeSubschema(subschema, "added"));
  },
});
