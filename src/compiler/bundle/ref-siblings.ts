import { replaceContents } from "../json-object.js";
import { joinPointer } from "../json-pointer.js";
import type { JsonValue } from "../load/parse-source.js";
import { refHidesSiblings, type Dialect } from "../resolve/dialect.js";
import { walkSchema } from "../resolve/walk-schema.js";
import { ASSERTIONS, liftRootRef } from "./lift-root-ref.js";

/**
 * What the assertions beside a `$ref` mean before 2019-09: `ignore`, as the
 * specifications say (`{ $ref, maxItems: 2 }` is the referenced schema
 * alone), or `apply`, as ajv does and as many real-world draft-07 schemas
 * expect (SchemaStore's pre-commit-config relies on it).
 */
export type RefSiblings = "ignore" | "apply";

/**
 * Makes the bundle say the same to every validator. Under `ignore` the
 * assertions beside every nested `$ref` are dropped: they never applied, and
 * ajv 8 would apply them anyway (the official test suite's draft7 ref.json
 * "$ref overrides any sibling keywords"); one that a reference points into
 * stays, so the reference still finds it. Under `apply` the `$ref` moves into
 * `allOf` beside them, where every validator applies both. The top of each
 * document is liftRootRef's. Changes `document` in place.
 */
export function settleRefSiblings(document: JsonValue, dialect: Dialect, referenced: readonly string[], mode: RefSiblings): void {
  if (!refHidesSiblings(dialect)) return;
  walkSchema(document, undefined, (schema, pointer) => {
    if (pointer === "" || typeof schema["$ref"] !== "string") return undefined;
    const assertions = Object.keys(schema).filter((key) => ASSERTIONS.has(key));
    if (assertions.length === 0) return undefined;
    if (mode === "apply") {
      const lifted = liftRootRef(schema, dialect, true, [], "apply");
      replaceContents(schema, lifted);
      return undefined;
    }
    for (const key of assertions) {
      const at = joinPointer(pointer, key);
      if (!referenced.some((p) => p === at || p.startsWith(`${at}/`))) delete schema[key];
    }
    return undefined;
  });
}
