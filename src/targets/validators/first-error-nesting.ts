import type { JsonValue } from "../../core/json-value.js";
import { isSchemaObject } from "../../schema/walk-schema.js";
import { ITEMS_KEYWORD, SCHEMA_KEYWORDS, SCHEMA_LIST_KEYWORDS, SCHEMA_MAP_KEYWORDS } from "../../schema/keywords.js";

/**
 * Definitions compile to functions of their own (`inlineRefs: false`): they start their own nesting.
 * Those inlined at their uses (inline-refs.ts) are measured apart and added there.
 */
const APART = new Set(["$defs", "definitions"]);

/** The subschemas a schema object applies directly, and its definitions, which it does not. */
function children(schema: { [key: string]: JsonValue }): { applied: JsonValue[]; apart: JsonValue[] } {
  const applied: JsonValue[] = [];
  const apart: JsonValue[] = [];
  for (const [keyword, value] of Object.entries(schema)) {
    const into = APART.has(keyword) ? apart : applied;
    if (SCHEMA_KEYWORDS.has(keyword)) into.push(value);
    else if (SCHEMA_MAP_KEYWORDS.has(keyword)) {
      if (isSchemaObject(value)) for (const child of Object.values(value)) into.push(child);
    } else if (SCHEMA_LIST_KEYWORDS.has(keyword) || keyword === ITEMS_KEYWORD) {
      if (Array.isArray(value)) for (const child of value) into.push(child);
      else into.push(value);
    }
  }
  return { applied: applied.filter(isSchemaObject), apart: apart.filter(isSchemaObject) };
}

/**
 * How deep ajv's first-error code for `root` can nest, at most: that code
 * opens each subschema a schema applies inside the check of the one before
 * (`if (valid) { ... }`), so a path through the schema nests as deep as the
 * sum of the fan-outs along it. Iterative, since it runs before ajv on schemas
 * too large for recursion. `widest` is the largest fan-out of one schema.
 */
export function firstErrorNesting(root: JsonValue): { nesting: number; widest: number } {
  if (!isSchemaObject(root)) return { nesting: 0, widest: 0 };
  const depth = new Map<JsonValue, number>();
  let deepest = 0;
  let widest = 0;
  // Post-order: a schema is finished once all it applies is.
  const stack: { schema: { [key: string]: JsonValue }; applied: JsonValue[]; open: boolean }[] = [];
  const push = (schema: JsonValue) => {
    if (!isSchemaObject(schema) || depth.has(schema)) return;
    const { applied, apart } = children(schema);
    stack.push({ schema, applied, open: false });
    for (const child of apart) push(child);
  };
  push(root);
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (!top.open) {
      top.open = true;
      for (const child of top.applied) push(child);
      continue;
    }
    stack.pop();
    let below = 0;
    for (const child of top.applied) below = Math.max(below, depth.get(child) ?? 0);
    const own = top.applied.length + below;
    depth.set(top.schema, own);
    deepest = Math.max(deepest, own);
    widest = Math.max(widest, top.applied.length);
  }
  return { nesting: deepest, widest };
}

/**
 * From this nesting (`firstErrorNesting`), the branches of a contract's
 * anyOf, oneOf and contains are ajv's all-errors code too, whose checks
 * follow each other instead of nesting (composite-branches.ts): the same
 * verdicts, every error of a failed branch listed. V8 cannot load deeper code: Node 20's parser runs out of stack at about 2,000
 * nested checks of one object's properties (1,000 leave a margin for a
 * client's own stack and for browsers). ajv's optimizer, which the all-errors
 * code goes without, costs more than the square of it: one object of 1,000
 * string properties compiles in 0.97 s with it and 0.28 s without, 5,000 in
 * 24 s and 3.4 s (2 cores, ajv 8.20).
 */
export const FIRST_ERROR_NESTING_LIMIT = 1_000;

/**
 * From about this many subschemas applied by one schema, V8 cannot compile
 * the function ajv writes for it, flat or not ("Maximum call stack size
 * exceeded" at its first call): one object of 30,000 string properties
 * compiles and runs in Node 20, 35,000 does not.
 */
export const V8_FUNCTION_FAN_OUT = 30_000;
