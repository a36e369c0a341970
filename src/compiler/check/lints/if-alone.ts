import { joinPointer } from "../../../core/json-pointer.js";
import { CHECK_CODES } from "../codes.js";
import type { LintRule } from "./lint-rule.js";

/**
 * CH314: `if` without `then` or `else`. The `if` subschema is evaluated for
 * annotations only and its result decides nothing, so the schema accepts what
 * it would accept without it; the branch was forgotten or lost in an edit.
 */
export const lint: LintRule = {
  id: "if-alone",
  code: CHECK_CODES.ifAlone,
  severity: "warning",
  description: "an `if` without `then` or `else`, which constrains nothing",
  schema(schema, pointer, { report }) {
    if ("if" in schema && !("then" in schema) && !("else" in schema))
      report(schema, "`if` without `then` or `else` constrains nothing", joinPointer(pointer, "if"), true);
  },
};
