import { schemaRule } from "./rule.js";

/**
 * A subschema that accepted some values became `false`, which accepts none.
 * Input-narrowing: whatever data reached it was valid at least there, and is now refused.
 */
export const rule = schemaRule({
  id: "schema-closed",
  site: "false-schema",
  check({ base, head }, report) {
    if (head === false && base !== false) report("now accepts no value at all");
  },
});
