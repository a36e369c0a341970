import { show } from "../schema-values.js";
import { schemaRule } from "./rule.js";

/**
 * A top-level definition of the contract's own document is new.
 * Non-breaking: nothing could reference it before.
 */
export const rule = schemaRule({
  id: "definition-added",
  site: "definition-new",
  check({ name, exported }, report) {
    if (exported) report(`definition ${show(name)} added`);
  },
});
