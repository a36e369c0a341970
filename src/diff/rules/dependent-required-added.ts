import { show } from "../schema-values.js";
import { dependentNames } from "./changes.js";
import { schemaRule } from "./rule.js";

/**
 * A property now requires another (`dependentRequired`, or the list form of draft-07 `dependencies`).
 * Input-narrowing: an object with the first property and without the second was valid and is now refused.
 */
export const rule = schemaRule({
  id: "dependent-required-added",
  site: "dependencies",
  check({ base, head }, report) {
    const was = dependentNames(base);
    for (const [name, needs] of dependentNames(head))
      for (const need of needs)
        if (!was.get(name)?.has(need)) report(`property ${show(name)} now requires ${show(need)}`);
  },
});
