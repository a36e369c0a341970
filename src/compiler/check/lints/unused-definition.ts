import { joinPointer } from "../../../core/json-pointer.js";
import { isSchemaObject } from "../../../schema/walk-schema.js";
import { CHECK_CODES } from "../codes.js";
import type { LintRule } from "./lint-rule.js";

/**
 * CH316: a definition below the root that no `$ref` references. Only top-level
 * definitions are exported (as types and validators), so it is dead text,
 * usually left behind by a refactoring or referenced with a misspelt pointer.
 * A definition with an `$id`, `$anchor` or `$dynamicAnchor` may be referenced
 * by that name from elsewhere, so it is left alone.
 */
export const lint: LintRule = {
  id: "unused-definition",
  code: CHECK_CODES.unusedDefinition,
  severity: "warning",
  description: "a definition below the root that no reference uses, and that is not exported",
  schema(schema, pointer, { isReferenced, report }) {
    if (pointer === "") return;
    for (const keyword of ["$defs", "definitions"]) {
      const defs = schema[keyword];
      if (!isSchemaObject(defs)) continue;
      for (const [name, definition] of Object.entries(defs)) {
        const defPointer = joinPointer(pointer, keyword, name);
        const named =
          isSchemaObject(definition) &&
          ("$anchor" in definition || "$id" in definition || "$dynamicAnchor" in definition);
        if (named || isReferenced(defPointer)) continue;
        report(
          schema,
          `definition "${name}" is referenced by no $ref, and only top-level definitions are exported`,
          defPointer,
          true,
        );
      }
    }
  },
};
