import { show } from "../schema-values.js";
import { valuesOf } from "./changes.js";
import { schemaRule } from "./rule.js";

/**
 * An `enum` or `const` now limits values that were free.
 * Input-narrowing: every other value was valid and is now refused.
 */
export const rule = schemaRule({
  id: "enum-added",
  site: "schema",
  check({ base, head }, report) {
    const [was, is] = [valuesOf(base), valuesOf(head)];
    if (!was && is) report(`now limited to ${is.map(show).join(", ")}`);
  },
});
