import { show } from "../schema-values.js";
import { dependentNames } from "./changes.js";
import { schemaRule } from "./rule.js";

/**
 * A property no longer requires another.
 * Output-widening: a consumer may now receive an object with the first property and without the second.
 */
export const rule = schemaRule({
  id: "dependent-required-removed",
  site: "dependencies",
  check({ base, head }, report) {
    const is = dependentNames(head);
    for (const [name, needs] of dependentNames(base))
      for (const need of needs)
        if (!is.get(name)?.has(need)) report(`property ${show(name)} no longer requires ${show(need)}`);
  },
});
