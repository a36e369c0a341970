import { show } from "../schema-values.js";
import { valuesMissing, valuesOf } from "./changes.js";
import { schemaRule } from "./rule.js";

/**
 * An `enum` allows a value it did not (a changed `const` is a value removed and one added).
 * Output-widening: a consumer may now receive a value it does not know.
 */
export const rule = schemaRule({
  id: "enum-value-added",
  site: "schema",
  check({ base, head }, report) {
    const [was, is] = [valuesOf(base), valuesOf(head)];
    if (was && is) for (const value of valuesMissing(is, was)) report(`value ${show(value)} now allowed`);
  },
});
