import type { JsonValue } from "./json-value.js";

export type JsonObject = { [key: string]: JsonValue };

/** Assignment that keeps a `__proto__` key an own data property. */
export function defineKey(target: JsonObject, key: string, value: JsonValue): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Makes `target` hold exactly `source`'s members, in `source`'s order: an in-place rewrite of a schema its parent keeps. */
export function replaceContents(target: JsonObject, source: JsonObject): void {
  for (const key of Object.keys(target)) delete target[key];
  for (const [key, value] of Object.entries(source)) defineKey(target, key, value);
}

export function isJsonObject(value: JsonValue | undefined): value is JsonObject {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
