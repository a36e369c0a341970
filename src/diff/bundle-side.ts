import { DATA_KEYWORDS } from "../schema/keywords.js";
import { isObject, type SchemaObject } from "./schema-values.js";

/**
 * An equivalent spelling brought to one, so that rewriting a schema without
 * changing its meaning reports nothing: `not: {required: [x]}` is
 * `properties: {x: false}`.
 */
export function normalize(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(normalize);
  if (!isObject(schema)) return schema;
  const out: SchemaObject = {};
  // defineProperty: a property named `__proto__` stays a property instead of setting the prototype.
  for (const [k, v] of Object.entries(schema))
    Object.defineProperty(out, k, {
      value: DATA_KEYWORDS.has(k) ? v : normalize(v),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  const not = out["not"];
  if (
    isObject(not) &&
    Object.keys(not).length === 1 &&
    Array.isArray(not["required"]) &&
    not["required"].length === 1 &&
    typeof not["required"][0] === "string"
  ) {
    const name = not["required"][0];
    const properties = isObject(out["properties"]) ? out["properties"] : {};
    if (!Object.hasOwn(properties, name)) {
      out["properties"] = { ...properties, [name]: false };
      delete out["not"];
    }
  }
  return out;
}
