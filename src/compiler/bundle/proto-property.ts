import { defineKey, type JsonObject } from "../../core/json-object.js";
import { joinPointer, pointerToFragment } from "../../core/json-pointer.js";
import type { JsonValue } from "../../core/json-value.js";
import { idKeyword, type Dialect } from "../../schema/dialect.js";
import { isSchemaObject, walkSchema } from "../../schema/walk-schema.js";

/**
 * ajv's code skips a property schema named `__proto__` (its properties
 * keyword filters that name out), so `properties: { __proto__: { type:
 * number } }` accepts `{"__proto__": "foo"}` (the official test suite's
 * properties.json). The bundle adds `patternProperties: { "^__proto__$": {
 * $ref } }` pointing at the same schema: a conforming validator applies it
 * twice with one result, and ajv applies it once. Changes `document` in place.
 */
export function guardProtoProperty(document: JsonValue, dialect: Dialect): void {
  const id = idKeyword(dialect);
  // The context is the pointer of the innermost schema resource: `#/...` references resolve against it.
  walkSchema(document, "", (schema, pointer, resource) => {
    const here =
      pointer !== "" && typeof schema[id] === "string" && !(schema[id] as string).startsWith("#") ? pointer : resource;
    const properties = schema["properties"];
    if (!isSchemaObject(properties) || !Object.prototype.hasOwnProperty.call(properties, "__proto__")) return here;
    const patterns: JsonObject = isSchemaObject(schema["patternProperties"]) ? schema["patternProperties"] : {};
    if (Object.prototype.hasOwnProperty.call(patterns, "^__proto__$")) return here;
    const target = joinPointer(pointer.slice(here.length), "properties", "__proto__");
    defineKey(patterns, "^__proto__$", { $ref: `#${pointerToFragment(target)}` });
    schema["patternProperties"] = patterns;
    return here;
  });
}
