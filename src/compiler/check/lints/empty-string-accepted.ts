import { joinPointer } from "../../../core/json-pointer.js";
import { isSchemaObject, type SchemaObject } from "../../../schema/walk-schema.js";
import { CHECK_CODES } from "../codes.js";
import type { LintRule } from "./lint-rule.js";

const REQUIRED_WORDS = /\b(required|mandatory|non-?empty|must not be empty|cannot be empty|must be provided)\b/i;

/**
 * CH319: a required string property that accepts `""` although its author said
 * otherwise: its description calls it required (or non-empty), or it sets
 * `minLength: 0`. `required` only asks that the property be present, so the
 * empty string passes; what was meant is most likely `minLength: 1`.
 */
export const lint: LintRule = {
  id: "empty-string-accepted",
  code: CHECK_CODES.emptyAccepted,
  severity: "warning",
  description:
    "a required string property that accepts the empty string though its description or `minLength: 0` says a value is required",
  schema(schema, pointer, { report }) {
    const required = schema["required"];
    if (!Array.isArray(required)) return;
    const properties = isSchemaObject(schema["properties"]) ? schema["properties"] : {};
    for (const name of required) {
      const property = typeof name === "string" ? properties[name] : undefined;
      if (!isSchemaObject(property) || !acceptsEmptyString(property)) continue;
      const says =
        typeof property["description"] === "string" && REQUIRED_WORDS.test(property["description"])
          ? "its description says a value is required"
          : property["minLength"] === 0
            ? "`minLength` is 0"
            : undefined;
      if (says)
        report(
          property,
          `required property "${name}" accepts the empty string, yet ${says}`,
          joinPointer(pointer, "properties", name as string),
          true,
        );
    }
  },
};

/** A string schema with nothing that refuses "": no minLength above 0, pattern, enum, const or format. */
function acceptsEmptyString(schema: SchemaObject): boolean {
  const type = schema["type"];
  const isString = type === "string" || (Array.isArray(type) && type.includes("string"));
  if (!isString) return false;
  const minLength = schema["minLength"];
  return (
    !(typeof minLength === "number" && minLength > 0) &&
    !("pattern" in schema) &&
    !("enum" in schema) &&
    !("const" in schema) &&
    !("format" in schema)
  );
}
