import { typeChange } from "./changes.js";
import { schemaRule } from "./rule.js";

/**
 * `type` newly allows `null`.
 * Output-widening: a consumer that never received `null` there may now; reported apart from `type-widened` because it is the commonest case, and the one code most often fails on.
 */
export const rule = schemaRule({
  id: "null-allowed",
  site: "schema",
  check({ base, head }, report) {
    if (typeChange(base, head).gained.includes("null")) report("now allows null");
  },
});
