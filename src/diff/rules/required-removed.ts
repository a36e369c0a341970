import { show, stringSet } from "../schema-values.js";
import { schemaRule } from "./rule.js";

/**
 * A property is no longer listed in `required`.
 * Output-widening: a consumer may now receive an object without it.
 */
export const rule = schemaRule({
  id: "required-removed",
  site: "required",
  check({ base, head }, report) {
    const is = stringSet(head["required"]);
    for (const name of stringSet(base["required"]))
      if (!is.has(name)) report(`property ${show(name)} is no longer required`);
  },
});
