/**
 * A JSON value written as a TypeScript literal expression. Property names are
 * string literals (`{"a-b": 1}`), so every key is written as it is, except
 * `__proto__`: in an object literal `"__proto__": v` sets the prototype, so it
 * is written as a computed key (`["__proto__"]: v`), which defines an own
 * member as JSON.parse does; such literals are counted. Values JSON cannot
 * hold (YAML may give them) make the instance unwritable: it is skipped and
 * counted.
 */

export type Written = { ok: true; text: string; computedKeys: number } | { ok: false; reason: string };

class Unwritable extends Error {}

export function writeLiteral(value: unknown): Written {
  let computedKeys = 0;
  const write = (node: unknown, depth: number): string => {
    if (depth > 500) throw new Unwritable("nested deeper than 500 levels");
    if (node === null) return "null";
    switch (typeof node) {
      case "string":
        return JSON.stringify(node);
      case "boolean":
        return String(node);
      case "number":
        if (Number.isNaN(node)) return "NaN";
        if (!Number.isFinite(node)) return node > 0 ? "Infinity" : "-Infinity";
        return Object.is(node, -0) ? "-0" : String(node);
      case "object":
        break;
      default:
        throw new Unwritable(`a ${typeof node} value is not JSON`);
    }
    if (Array.isArray(node)) return `[${node.map((item) => write(item, depth + 1)).join(", ")}]`;
    const prototype = Object.getPrototypeOf(node) as unknown;
    if (prototype !== Object.prototype && prototype !== null)
      throw new Unwritable(`a ${(node as object).constructor?.name ?? "non-plain"} object is not JSON`);
    const members = Object.keys(node).map((key) => {
      const name = JSON.stringify(key);
      const member = write((node as Record<string, unknown>)[key], depth + 1);
      if (key === "__proto__") {
        computedKeys++;
        return `[${name}]: ${member}`;
      }
      return `${name}: ${member}`;
    });
    return `{${members.join(", ")}}`;
  };
  try {
    return { ok: true, text: write(value, 0), computedKeys };
  } catch (error) {
    if (error instanceof Unwritable) return { ok: false, reason: error.message };
    throw error;
  }
}
