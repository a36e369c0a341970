import { replaceContents } from "../../core/json-object.js";
import { joinPointer } from "../../core/json-pointer.js";
import type { JsonValue } from "../../core/json-value.js";
import { refHidesSiblings, type Dialect } from "../../schema/dialect.js";
import { walkSchema } from "../../schema/walk-schema.js";
import { liftRootRef } from "./lift-root-ref.js";
import { ASSERTIONS } from "./ref-assertions.js";
import type { RefSiblings } from "../../settings/validation.js";

/**
 * Makes the bundle say the same to every validator. Under `ignore` the
 * assertions beside every nested `$ref` are dropped: they never applied, and
 * ajv 8 would apply them anyway (the official test suite's draft7 ref.json
 * "$ref overrides any sibling keywords"); one that a reference points into
 * stays, so the reference still finds it. Under `apply` the `$ref` moves into
 * `allOf` beside them, where every validator applies both. The top of each
 * document is liftRootRef's. Changes `document` in place.
 */
export function settleRefSiblings(
  document: JsonValue,
  dialect: Dialect,
  referenced: readonly string[],
  mode: RefSiblings,
): void {
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
