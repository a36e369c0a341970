import { show, stringSet } from "../schema-values.js";
import { schemaRule } from "./rule.js";

/**
 * A property is newly listed in `required`.
 * Input-narrowing: an object without it was valid and is now refused.
 */
export const rule = schemaRule({
  id: "required-added",
  site: "required",
  check({ base, head }, report) {
    const was = stringSet(base["required"]);
    for (const name of stringSet(head["required"]))
      if (!was.has(name)) report(`property ${show(name)} is now required`);
  },
});
