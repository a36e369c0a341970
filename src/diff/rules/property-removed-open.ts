import { show } from "../schema-values.js";
import { isDeprecated } from "./changes.js";
import { schemaRule } from "./rule.js";

/**
 * A property (not deprecated) is gone from an object that accepts other members freely.
 * Output-widening: its value is no longer checked, so a consumer may receive any value under that name.
 */
export const rule = schemaRule({
  id: "property-removed-open",
  site: "property-gone",
  check({ name, schema, rest }, report) {
    if (!isDeprecated(schema) && rest === true) report(`property ${show(name)} removed; any value of it is accepted`);
  },
});
