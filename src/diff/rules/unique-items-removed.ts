import { schemaRule } from "./rule.js";

/**
 * `uniqueItems: true` is removed.
 * Output-widening: a consumer may now receive an array with repeated items.
 */
export const rule = schemaRule({
  id: "unique-items-removed",
  site: "schema",
  check({ base, head }, report) {
    if (base["uniqueItems"] === true && head["uniqueItems"] !== true) report("items no longer need to be unique");
  },
});
