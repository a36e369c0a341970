import { show } from "../schema-values.js";
import { schemaRule } from "./rule.js";

/**
 * A property is added to an object that refused other members (`additionalProperties: false`).
 * Output-widening: a consumer built on the old version refuses data that has it.
 */
export const rule = schemaRule({
  id: "property-added-closed",
  site: "property-new",
  check({ name, schema, rest }, report) {
    if (schema !== false && rest === false) report(`property ${show(name)} added to a closed object`);
  },
});
