import { joinPointer } from "../../../core/json-pointer.js";
import { CHECK_CODES } from "../codes.js";
import type { LintRule } from "./lint-rule.js";

/** Each lower bound, and the upper bound it must not exceed. */
const RANGES: [string, string][] = [
  ["minimum", "maximum"],
  ["minLength", "maxLength"],
  ["minItems", "maxItems"],
  ["minProperties", "maxProperties"],
  ["minContains", "maxContains"],
];

/**
 * CH315: a lower bound above its upper bound (`minimum` over `maximum`,
 * `minLength` over `maxLength`, ...). Each keyword is valid alone, but together
 * no value satisfies the schema: the bounds are swapped or one is a typo.
 */
export const lint: LintRule = {
  id: "empty-range",
  code: CHECK_CODES.emptyRange,
  severity: "warning",
  description:
    "a lower bound above its upper bound (`minimum` > `maximum`, `minLength` > `maxLength`, ...), so that no value satisfies the schema",
  schema(schema, pointer, { report }) {
    for (const [low, high] of RANGES) {
      const [a, b] = [schema[low], schema[high]];
      if (typeof a === "number" && typeof b === "number" && a > b)
        report(
          schema,
          `${low} ${a} is above ${high} ${b}: no value satisfies this schema`,
          joinPointer(pointer, low),
          true,
        );
    }
  },
};
