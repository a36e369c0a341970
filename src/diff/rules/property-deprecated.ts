import { schemaRule } from "./rule.js";

/**
 * A schema (usually a property's) is newly marked `deprecated: true`.
 * Non-breaking: the mark is an annotation; it announces a later removal, which is then non-breaking too (`deprecated-property-removed`).
 */
export const rule = schemaRule({
  id: "property-deprecated",
  site: "schema",
  check({ base, head }, report) {
    if (base["deprecated"] !== true && head["deprecated"] === true) report("now deprecated");
  },
});
