import canonicalize from "canonicalize";

/** A schema as the comparison reads it: any JSON object (a boolean schema is compared as itself). */
export type SchemaObject = Record<string, unknown>;

export function isObject(value: unknown): value is SchemaObject {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

export function objectOf(value: unknown): SchemaObject {
  return isObject(value) ? value : {};
}

export function stringSet(value: unknown): Set<string> {
  return new Set(Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);
}

/** A value's canonical JSON: two values are the same exactly when their keys are. */
export function key(value: unknown): string {
  return canonicalize(value) ?? "undefined";
}

export function same(a: unknown, b: unknown): boolean {
  return key(a) === key(b);
}

/** A value as a message quotes it. */
export function show(value: unknown): string {
  return value === undefined ? "(none)" : JSON.stringify(value);
}
