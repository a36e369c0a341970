import { joinPointer } from "../json-pointer.js";
import type { JsonValue } from "../load/parse-source.js";
import { refHidesSiblings, type Dialect } from "../resolve/dialect.js";
import { walkSchema } from "../resolve/walk-schema.js";
import { ASSERTIONS } from "./lift-root-ref.js";

/**
 * Before 2019-09 a `$ref` hides its siblings: `{ $ref, maxItems: 2 }` is the
 * referenced schema alone. ajv 8 applies the sibling anyway (the official test
 * suite's draft7 ref.json "$ref overrides any sibling keywords"), so the
 * bundle drops the assertions beside every nested `$ref`: they never applied,
 * and now no validator applies them. One that a reference points into stays,
 * so the reference still finds it. The top of each document is handled by
 * liftRootRef. Changes `document` in place.
 */
export function dropHiddenSiblings(document: JsonValue, dialect: Dialect, referenced: readonly string[]): void {
  if (!refHidesSiblings(dialect)) return;
  walkSchema(document, undefined, (schema, pointer) => {
    if (pointer === "" || typeof schema["$ref"] !== "string") return undefined;
    for (const key of Object.keys(schema)) {
      const at = joinPointer(pointer, key);
      if (ASSERTIONS.has(key) && !referenced.some((p) => p === at || p.startsWith(`${at}/`))) delete schema[key];
    }
    return undefined;
  });
}
