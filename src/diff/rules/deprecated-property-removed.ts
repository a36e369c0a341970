import { show } from "../schema-values.js";
import { isDeprecated } from "./changes.js";
import { schemaRule } from "./rule.js";

/**
 * A property that base marked `deprecated: true` is gone.
 * Non-breaking: the deprecation announced it; this is the way charter offers to retire a property.
 */
export const rule = schemaRule({
  id: "deprecated-property-removed",
  site: "property-gone",
  check({ name, schema }, report) {
    if (isDeprecated(schema)) report(`deprecated property ${show(name)} removed`);
  },
});
