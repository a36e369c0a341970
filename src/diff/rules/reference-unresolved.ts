import { schemaRule } from "./rule.js";

/**
 * A `$ref` changed, and a side's target is not in the bundle (an external URI,
 * an anchor or pointer that names nothing), so the targets cannot be compared.
 * Reported as both input-narrowing and output-widening: charter cannot tell
 * which way the change goes.
 */
export const rule = schemaRule({
  id: "reference-unresolved",
  site: "unresolved-reference",
  check({ base, head }, report) {
    if (base["$ref"] !== head["$ref"])
      report(`$ref changed from ${JSON.stringify(base["$ref"] ?? null)} to ${JSON.stringify(head["$ref"] ?? null)}`);
  },
});
