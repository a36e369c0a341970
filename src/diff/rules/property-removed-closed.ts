import { show } from "../schema-values.js";
import { isDeprecated } from "./changes.js";
import { schemaRule } from "./rule.js";

/**
 * A property (not deprecated) is gone from an object that refuses other members (`additionalProperties: false`).
 * Input-narrowing: data that has the property was valid and is now refused.
 */
export const rule = schemaRule({
  id: "property-removed-closed",
  site: "property-gone",
  check({ name, schema, rest }, report) {
    if (!isDeprecated(schema) && rest === false) report(`property ${show(name)} removed; data that has it is refused`);
  },
});
