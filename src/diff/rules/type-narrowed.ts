import { typeChange } from "./changes.js";
import { schemaRule } from "./rule.js";

/**
 * `type` no longer allows a JSON type it allowed (`number` to `integer` counts: 1.5 is refused).
 * Input-narrowing: a value of the dropped type was valid and is now refused.
 */
export const rule = schemaRule({
  id: "type-narrowed",
  site: "schema",
  check({ base, head }, report) {
    const { lost, now } = typeChange(base, head);
    if (lost.length > 0) report(`no longer allows ${lost.join(", ")} (allows ${now})`);
  },
});
