import { schemaRule } from "./rule.js";

/**
 * A `false` subschema (which accepts no value) now accepts some.
 * Output-widening: a consumer may now receive data there that it never saw.
 */
export const rule = schemaRule({
  id: "schema-opened",
  site: "false-schema",
  check({ base, head }, report) {
    if (base === false && head !== false) report("accepted no value, and now accepts some");
  },
});
