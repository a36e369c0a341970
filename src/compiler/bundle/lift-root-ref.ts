import { replaceContents, type JsonObject } from "../../core/json-object.js";
import type { JsonValue } from "../../core/json-value.js";
import { idKeyword, refHidesSiblings, type Dialect } from "../../schema/dialect.js";
import { walkSchema } from "../../schema/walk-schema.js";
import { ASSERTIONS } from "./ref-assertions.js";
import type { RefSiblings } from "../../settings/validation.js";
import { orderSchemaKeys } from "./order-keys.js";

/**
 * A `$ref` at the top of a document that the bundle gives an `$id` (and, for
 * the root, `$defs`) moves into `allOf`, for two reasons:
 * - before 2019-09 a `$ref` hides its siblings, so the `$id` and the
 *   `definitions` charter adds beside it would be ignored by a conforming
 *   validator. The siblings the source had were ignored too; assertions among
 *   them are dropped (they never applied), everything else kept, unless the
 *   contract's `validation.refSiblings` is `apply` (ajv's reading), which
 *   keeps them beside the `allOf`, where they apply.
 * - since 2019-09 `$ref` is an applicator, so `{ $ref }` and `{ allOf: [{ $ref }] }`
 *   mean the same; but ajv 8 recurses without end when it compiles an embedded
 *   resource whose top holds a `$ref` into itself (found with the official
 *   test suite, refRemote "remote HTTP ref with different $id"). Lifting it
 *   for embedded documents avoids that; the bundle root is not affected.
 */
export function liftRootRef(
  schema: JsonObject,
  dialect: Dialect,
  embedded: boolean,
  referenced: readonly string[],
  refSiblings: RefSiblings = "ignore",
): JsonObject {
  const ref = schema["$ref"];
  if (typeof ref !== "string") return schema;
  const hides = refHidesSiblings(dialect);
  if (!hides && !embedded) return schema;
  const lifted: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "$ref") continue;
    // An assertion the `$ref` hid is dropped, unless a reference points into it (it must stay findable).
    const isTarget = referenced.some((p) => p === `/${key}` || p.startsWith(`/${key}/`));
    if (hides && refSiblings === "ignore" && ASSERTIONS.has(key) && !isTarget) continue;
    Object.defineProperty(lifted, key, { value, enumerable: true, writable: true, configurable: true });
  }
  const existing = Array.isArray(lifted["allOf"]) ? (lifted["allOf"] as JsonValue[]) : [];
  lifted["allOf"] = [{ $ref: ref }, ...existing];
  const ordered: JsonObject = {};
  for (const key of orderSchemaKeys(Object.keys(lifted))) {
    Object.defineProperty(ordered, key, { value: lifted[key], enumerable: true, writable: true, configurable: true });
  }
  return ordered;
}

/**
 * The same move for every schema resource nested in a document (a subschema
 * with its own `$id` beside a `$ref`), since 2019-09 only: there `$ref` is an
 * applicator and the move changes nothing, while ajv 8 overflows its stack
 * compiling such a resource when the `$ref` is relative to its `$id` (found
 * with the official test suite: ref.json "relative refs with absolute uri
 * and defs", "$id must be resolved against nearest parent", "URN base URI
 * with URN and JSON pointer ref"). Before 2019-09 a `$ref` hides a sibling
 * `$id`, so nothing is nested there. Changes `document` in place.
 */
export function liftNestedResourceRefs(document: JsonObject, dialect: Dialect): void {
  if (refHidesSiblings(dialect)) return;
  const id = idKeyword(dialect);
  walkSchema(document, undefined, (schema, pointer) => {
    const nestedId = schema[id];
    if (
      pointer === "" ||
      typeof nestedId !== "string" ||
      nestedId.startsWith("#") ||
      typeof schema["$ref"] !== "string"
    )
      return undefined;
    const lifted = liftRootRef(schema, dialect, true, []);
    replaceContents(schema, lifted);
    return undefined;
  });
}
