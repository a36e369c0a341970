import { isSchemaObject } from "../../../schema/walk-schema.js";
import { CHECK_CODES } from "../codes.js";
import type { LintRule } from "./lint-rule.js";

/** Keywords that say something about a schema but constrain no value. */
const ANNOTATIONS = new Set([
  "$schema",
  "$id",
  "id",
  "$defs",
  "definitions",
  "$comment",
  "$anchor",
  "$dynamicAnchor",
  "$recursiveAnchor",
  "$vocabulary",
  "title",
  "description",
  "default",
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
]);

/**
 * CH310: a contract whose root accepts any value: `true`, `{}`, or only
 * definitions and annotations. Valid JSON Schema, and a fine file of shared
 * definitions, but as a contract it checks nothing, which its author seldom
 * means (usually a forgotten `$ref` to the definition the contract is about).
 */
export const lint: LintRule = {
  id: "accepts-anything",
  code: CHECK_CODES.acceptsAnything,
  severity: "warning",
  description:
    "a contract root that is `true` or holds only definitions and annotations, so that every value satisfies the contract",
  root(root, { report }) {
    if (
      root !== true &&
      !(isSchemaObject(root) && Object.keys(root).every((k) => ANNOTATIONS.has(k) || k.startsWith("x-")))
    )
      return;
    const what =
      root === true
        ? "is `true`"
        : Object.keys(root).some((k) => k === "$defs" || k === "definitions")
          ? "holds only definitions and annotations"
          : "has no constraint";
    report(root === true ? undefined : root, `the root ${what}, so the contract accepts any value`, "");
  },
};
