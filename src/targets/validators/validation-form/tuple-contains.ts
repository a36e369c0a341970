import { joinPointer } from "../../../core/json-pointer.js";
import type { JsonValue } from "../../../core/json-value.js";
import type { Dialect } from "../../../schema/dialect.js";
import { walkSchema, type SchemaObject } from "../../../schema/walk-schema.js";
import type { Origins } from "./origins.js";

const CONTAINS = ["contains", "minContains", "maxContains"] as const;

/**
 * ajv 8's first-error code skips `contains` on an array shorter than the
 * first tuple position it checks: the tuple's validity flag is never set,
 * and everything after it in the same schema is passed over, so
 * `{ prefixItems: [{ type: string }], contains: { const: 1 } }` accepts `[]`
 * (its all-errors code rejects it). In an `allOf` entry of its own, the
 * `contains` has no tuple before it. Nothing else changes: `contains`
 * annotates, and is annotated, the same from there. A schema a reference
 * names by a pointer through `contains` is left as it is.
 */
export function hasTupleContains(schema: SchemaObject, dialect: Dialect): boolean {
  return "contains" in schema && Array.isArray(schema[dialect === "2020-12" ? "prefixItems" : "items"]);
}

export function isolateTupleContains(form: JsonValue, dialect: Dialect, origins: Origins): void {
  const found: [SchemaObject, string][] = [];
  let named = false;
  walkSchema(form, undefined, (node, pointer) => {
    if (hasTupleContains(node, dialect)) found.push([node, pointer]);
    for (const keyword of ["$ref", "$dynamicRef"]) {
      const value = node[keyword];
      if (typeof value === "string" && /\/(min|max)?[cC]ontains(\/|$)/.test(value)) named = true;
    }
    return undefined;
  });
  if (named) return;
  for (const [node, pointer] of found) {
    const entry: SchemaObject = {};
    for (const keyword of CONTAINS) {
      if (!(keyword in node)) continue;
      entry[keyword] = node[keyword]!;
      delete node[keyword];
    }
    const allOf = Array.isArray(node["allOf"]) ? node["allOf"] : (node["allOf"] = []);
    allOf.push(entry);
    // Each moved keyword stands for the one the author wrote beside the tuple.
    for (const keyword of Object.keys(entry))
      origins.set(joinPointer(pointer, "allOf", allOf.length - 1, keyword), joinPointer(pointer, keyword));
  }
}
