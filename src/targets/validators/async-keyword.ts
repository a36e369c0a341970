import type { JsonValue } from "../../core/json-value.js";
import { walkSchema, type SchemaObject } from "../../schema/walk-schema.js";

/**
 * ajv's own keyword for asynchronous validation: a schema holding
 * `$async: true` compiles to a function that returns a Promise, which a
 * caller of a generated validator would take for "valid". To JSON Schema it
 * is an unknown keyword, an annotation, and charter has no asynchronous
 * keyword or format for it to serve.
 */
export const ASYNC_KEYWORD = "$async";

/** Pointers of the schemas in `root` that hold `$async`, in document order. */
export function asyncSchemas(root: JsonValue): string[] {
  const found: string[] = [];
  walkSchema(root, undefined, (schema, pointer) => {
    if (Object.hasOwn(schema, ASYNC_KEYWORD)) found.push(pointer);
    return undefined;
  });
  return found;
}

/** The schema ajv compiles: `root` itself when nothing holds `$async`, else a copy without it, so every validator is synchronous. */
export function withoutAsync(root: JsonValue): JsonValue {
  if (asyncSchemas(root).length === 0) return root;
  const copy = structuredClone(root);
  walkSchema(copy, undefined, (schema: SchemaObject) => {
    delete schema[ASYNC_KEYWORD];
    return undefined;
  });
  return copy;
}
