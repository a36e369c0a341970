import { show } from "../schema-values.js";
import { schemaRule } from "./rule.js";

/**
 * A top-level definition of the contract's own document (`$defs`, `definitions`) is gone.
 * Input-narrowing: another schema that references it (`contract#/$defs/x`) can no longer resolve it.
 */
export const rule = schemaRule({
  id: "definition-removed",
  site: "definition-gone",
  check({ name, exported }, report) {
    if (exported) report(`definition ${show(name)} removed`);
  },
});
