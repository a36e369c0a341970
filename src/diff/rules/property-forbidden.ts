import { show } from "../schema-values.js";
import { schemaRule } from "./rule.js";

/**
 * A property is newly named with the schema `false`, where the object did not refuse it before.
 * Input-narrowing: data that has the property was valid and is now refused.
 */
export const rule = schemaRule({
  id: "property-forbidden",
  site: "property-new",
  check({ name, schema, rest }, report) {
    if (schema === false && rest !== false) report(`property ${show(name)} is forbidden now`);
  },
});
