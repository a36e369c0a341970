import { joinPointer } from "../../../core/json-pointer.js";
import { isSchemaObject } from "../../../schema/walk-schema.js";
import { CHECK_CODES } from "../codes.js";
import type { LintRule } from "./lint-rule.js";
import { matches } from "./patterns.js";

/**
 * CH311: a name in `required` of a closed object (`additionalProperties: false`)
 * that neither `properties` nor a `patternProperties` pattern declares. The
 * property must be present and may not be, so no value satisfies the schema; the
 * meta-schema cannot see it, and it is nearly always a typo or a property that
 * was renamed on one side only.
 */
export const lint: LintRule = {
  id: "required-not-declared",
  code: CHECK_CODES.requiredNotDeclared,
  severity: "warning",
  description:
    "a required name that a closed object (`additionalProperties: false`) does not declare, so that no value satisfies it",
  schema(schema, pointer, { report }) {
    const required = schema["required"];
    if (schema["additionalProperties"] !== false || !Array.isArray(required)) return;
    const properties = isSchemaObject(schema["properties"]) ? schema["properties"] : {};
    const patterns = isSchemaObject(schema["patternProperties"]) ? Object.keys(schema["patternProperties"]) : [];
    required.forEach((name, index) => {
      if (typeof name !== "string" || Object.hasOwn(properties, name) || patterns.some((p) => matches(p, name))) return;
      report(
        schema,
        `"${name}" is required, but the object is closed and does not declare it: no value satisfies this schema`,
        joinPointer(pointer, "required", index),
      );
    });
  },
};
