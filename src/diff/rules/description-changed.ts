import { annotationsChanged } from "./changes.js";
import { schemaRule } from "./rule.js";

/**
 * A `title`, `description`, `$comment` or `examples` changed.
 * Non-breaking: annotations say nothing about which values are valid.
 */
export const rule = schemaRule({
  id: "description-changed",
  site: "schema",
  check({ base, head }, report) {
    const changed = annotationsChanged(base, head);
    if (changed.length > 0) report(`${changed.join(", ")} changed`);
  },
});
