import { typeChange } from "./changes.js";
import { schemaRule } from "./rule.js";

/**
 * `type` newly allows a JSON type other than `null` (`integer` to `number` counts).
 * Output-widening: a consumer may now receive a kind of value it never saw.
 */
export const rule = schemaRule({
  id: "type-widened",
  site: "schema",
  check({ base, head }, report) {
    const others = typeChange(base, head).gained.filter((t) => t !== "null");
    if (others.length > 0) report(`now allows ${others.join(", ")}`);
  },
});
