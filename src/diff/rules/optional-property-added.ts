import { show } from "../schema-values.js";
import { schemaRule } from "./rule.js";

/**
 * An optional property is added to an object that accepted other members freely.
 * Non-breaking: any value was accepted under that name before; a required one is `required-added`.
 */
export const rule = schemaRule({
  id: "optional-property-added",
  site: "property-new",
  check({ name, schema, rest, required }, report) {
    if (schema !== false && rest === true && !required) report(`optional property ${show(name)} added`);
  },
});
