import { isJsonObject } from "../core/json-object.js";
import type { Repair } from "./support/repair.js";
import { walkInput } from "./support/walk-input.js";

export const repair: Repair = {
  id: "pattern-properties-open",
  // It reads whether an object is open once unevaluated-properties-closed has decided it, and drops the patterns
  // literal-pattern-properties reads.
  after: ["unevaluated-properties-closed", "literal-pattern-properties"],
  description:
    "An object with `patternProperties` that leaves other keys open (no `additionalProperties`, or `true`) " +
    "accepts a key matching no pattern with any value. json-schema-to-typescript types it as " +
    "`[k: string]: <pattern type> | <property types>`, which refuses such keys, and inside `allOf` refuses " +
    "the properties the other members declare (AsyncAPI's Schema Object: `allOf` of the draft-07 meta-schema " +
    "and `patternProperties: {^x-: ...}` makes its own examples fail to type-check). charter leaves the " +
    "`patternProperties` of such an object out of the generator's input, so the object gets the " +
    "`[k: string]: unknown` of every open object, which holds the pattern types too. A closed object, or one " +
    "whose `additionalProperties` or `unevaluatedProperties` is a schema, or one with a pattern that every key " +
    "matches (`.*`, the empty pattern), keeps them: the union is then sound.",
  schema(input, applied, context) {
    walkInput(
      input,
      (schema, pointer) => {
        if (schema["patternProperties"] === undefined) return;
        const open = (keyword: string) => schema[keyword] === undefined || schema[keyword] === true;
        if (!open("additionalProperties") || !open("unevaluatedProperties")) return;
        if (isJsonObject(schema["patternProperties"]) && Object.keys(schema["patternProperties"]).some(matchesEveryKey))
          return;
        delete schema["patternProperties"];
        applied(pointer);
      },
      context,
    );
  },
};

/**
 * A pattern every key matches (ajv tests patterns with the `u` flag, unanchored): empty, `^` or `$`
 * alone, or any run of characters (`.*`, `[\s\S]*`, `[^]*`), anchored at one end at most when the run
 * is `.*`, since `.` stops at a line terminator (`^.*$` refuses "a\nb"; `^.+$` refuses "" too).
 */
export function matchesEveryKey(pattern: string): boolean {
  const match = /^(\^?)(\.\*|\[\\s\\S\]\*|\[\\S\\s\]\*|\[\^\]\*)?(\$?)$/.exec(pattern);
  if (!match) return false;
  return !(match[2] === ".*" && match[1] === "^" && match[3] === "$");
}
