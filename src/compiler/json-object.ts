import type { JsonValue } from "./load/parse-source.js";

export type JsonObject = { [key: string]: JsonValue };

/** Assignment that keeps a `__proto__` key an own data property. */
export function defineKey(target: JsonObject, key: string, value: JsonValue): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

export function isJsonObject(value: JsonValue | undefined): value is JsonObject {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
