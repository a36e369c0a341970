import type { JsonValue } from "../../core/json-value.js";

/** What every object inherits: a property of one of these names is "present" in `{}` to code that reads `data.name`. */
const INHERITED = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * Whether the schema names a property that every object inherits
 * (`constructor`, `toString`, `__proto__`, ...). ajv's code tests presence
 * with `data.name !== undefined` unless told `ownProperties`, so `required:
 * [toString]` would accept `{}` (the official test suite's required.json).
 * `ownProperties` costs a call per check, so only such contracts pay it.
 */
export function namesInheritedProperties(schema: JsonValue): boolean {
  const stack: JsonValue[] = [schema];
  while (stack.length > 0) {
    const value = stack.pop()!;
    if (Array.isArray(value)) {
      for (const item of value) {
        if (typeof item === "string" && INHERITED.has(item)) return true;
        stack.push(item);
      }
    } else if (value !== null && typeof value === "object") {
      for (const [key, child] of Object.entries(value)) {
        if (INHERITED.has(key)) return true;
        stack.push(child);
      }
    }
  }
  return false;
}
