import { show } from "../schema-values.js";
import { valuesMissing, valuesOf } from "./changes.js";
import { schemaRule } from "./rule.js";

/**
 * A value of an `enum` (or the `const`, a one-value enum) is no longer allowed, both versions limiting the values.
 * Input-narrowing: data holding that value was valid and is now refused.
 */
export const rule = schemaRule({
  id: "enum-value-removed",
  site: "schema",
  check({ base, head }, report) {
    const [was, is] = [valuesOf(base), valuesOf(head)];
    if (was && is) for (const value of valuesMissing(was, is)) report(`value ${show(value)} no longer allowed`);
  },
});
