import type { JsonValue } from "../../core/json-value.js";
import { walkSchema } from "../../schema/walk-schema.js";

/**
 * `enum: []` accepts no value. ajv refuses to compile it ("enum must have
 * non-empty array"; the official test suite's enum.json), so the bundle says
 * the same as `not: {}`, which every validator reads alike, beside any `not`
 * the schema already has (then inside `allOf`). Changes `document` in place.
 */
export function rewriteEmptyEnums(document: JsonValue): void {
  walkSchema(document, undefined, (schema) => {
    const values = schema["enum"];
    if (!Array.isArray(values) || values.length > 0) return undefined;
    delete schema["enum"];
    if (schema["not"] === undefined) schema["not"] = {};
    else schema["allOf"] = [...(Array.isArray(schema["allOf"]) ? schema["allOf"] : []), { not: {} }];
    return undefined;
  });
}
