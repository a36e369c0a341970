import { schemaRule } from "./rule.js";

/**
 * `uniqueItems: true` is added.
 * Input-narrowing: an array with a repeated item was valid and is now refused.
 */
export const rule = schemaRule({
  id: "unique-items-added",
  site: "schema",
  check({ base, head }, report) {
    if (base["uniqueItems"] !== true && head["uniqueItems"] === true) report("items must now be unique");
  },
});
