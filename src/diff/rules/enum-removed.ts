import { show } from "../schema-values.js";
import { valuesOf } from "./changes.js";
import { schemaRule } from "./rule.js";

/**
 * An `enum` or `const` no longer limits the values.
 * Output-widening: a consumer may now receive any value of the type, not only the listed ones.
 */
export const rule = schemaRule({
  id: "enum-removed",
  site: "schema",
  check({ base, head }, report) {
    const [was, is] = [valuesOf(base), valuesOf(head)];
    if (was && !is) report(`no longer limited to ${was.map(show).join(", ")}`);
  },
});
