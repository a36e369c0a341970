import type { JsonValue } from "../core/json-value.js";
import { joinPointer } from "../core/json-pointer.js";
import { ITEMS_KEYWORD, SCHEMA_KEYWORDS, SCHEMA_LIST_KEYWORDS, SCHEMA_MAP_KEYWORDS } from "./keywords.js";

export type SchemaObject = { [key: string]: JsonValue };

export function isSchemaObject(value: JsonValue | undefined): value is SchemaObject {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** What a keyword holds: a schema, a map or a list of them, or `items` (a schema or a list). */
const KEYWORD_KIND = new Map<string, "schema" | "map" | "list" | "items">([
  ...[...SCHEMA_KEYWORDS].map((k) => [k, "schema"] as const),
  ...[...SCHEMA_MAP_KEYWORDS].map((k) => [k, "map"] as const),
  ...[...SCHEMA_LIST_KEYWORDS].map((k) => [k, "list"] as const),
  [ITEMS_KEYWORD, "items"],
]);

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
  // Keys, not entries, one lookup per key, and a child's pointer only for the keywords that hold
  // schemas: every stage walks every schema, most of whose keywords (type, description) hold none.
  for (const keyword of Object.keys(root)) {
    const kind = KEYWORD_KIND.get(keyword);
    if (kind === undefined) continue;
    const value = root[keyword]!;
    const here = joinPointer(pointer, keyword);
    if (kind === "schema") walkSchema(value, inner, enter, here);
    else if (kind === "map") {
      if (isSchemaObject(value))
        for (const name of Object.keys(value)) walkSchema(value[name]!, inner, enter, joinPointer(here, name));
    } else if (Array.isArray(value))
      value.forEach((child, index) => walkSchema(child, inner, enter, joinPointer(here, index)));
    else if (kind === "items") walkSchema(value, inner, enter, here);
  }
}
