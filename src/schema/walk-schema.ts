import type { JsonValue } from "../core/json-value.js";
import { joinPointer } from "../core/json-pointer.js";
import { ITEMS_KEYWORD, SCHEMA_KEYWORDS, SCHEMA_LIST_KEYWORDS, SCHEMA_MAP_KEYWORDS } from "./keywords.js";

export type SchemaObject = { [key: string]: JsonValue };

export function isSchemaObject(value: JsonValue | undefined): value is SchemaObject {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * Calls `enter` for every subschema of `root` in document order, parents
 * before children; `enter` returns the context its children inherit.
 */
export function walkSchema<C>(
  root: JsonValue,
  context: C,
  enter: (schema: SchemaObject, pointer: string, context: C) => C,
  pointer = "",
): void {
  if (!isSchemaObject(root)) return;
  const inner = enter(root, pointer, context);
  for (const [keyword, value] of Object.entries(root)) {
    const here = joinPointer(pointer, keyword);
    if (SCHEMA_KEYWORDS.has(keyword)) {
      walkSchema(value, inner, enter, here);
    } else if (SCHEMA_MAP_KEYWORDS.has(keyword)) {
      if (isSchemaObject(value)) {
        for (const [name, child] of Object.entries(value)) walkSchema(child, inner, enter, joinPointer(here, name));
      }
    } else if (SCHEMA_LIST_KEYWORDS.has(keyword) || keyword === ITEMS_KEYWORD) {
      if (Array.isArray(value))
        value.forEach((child, index) => walkSchema(child, inner, enter, joinPointer(here, index)));
      else if (keyword === ITEMS_KEYWORD) walkSchema(value, inner, enter, here);
    }
  }
}
