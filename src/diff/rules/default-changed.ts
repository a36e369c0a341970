import { same, show } from "../schema-values.js";
import { schemaRule } from "./rule.js";

/**
 * A `default` changed (or was added or removed).
 * Non-breaking: validation ignores `default`; a reader that fills it in gets another value, which the schema allowed before too.
 */
export const rule = schemaRule({
  id: "default-changed",
  site: "schema",
  check({ base, head }, report) {
    if (!same(base["default"], head["default"])) report(`default ${show(base["default"])} → ${show(head["default"])}`);
  },
});
