import type { Repair } from "./repair.js";
import { walkInput } from "./walk-input.js";

export const repair: Repair = {
  id: "pattern-properties-open",
  description:
    "An object with `patternProperties` that leaves other keys open (no `additionalProperties`, or `true`) " +
    "accepts a key matching no pattern with any value. json-schema-to-typescript types it as " +
    "`[k: string]: <pattern type> | <property types>`, which refuses such keys, and inside `allOf` refuses " +
    "the properties the other members declare (AsyncAPI's Schema Object: `allOf` of the draft-07 meta-schema " +
    "and `patternProperties: {^x-: ...}` makes its own examples fail to type-check). charter leaves the " +
    "`patternProperties` of such an object out of the generator's input, so the object gets the " +
    "`[k: string]: unknown` of every open object, which holds the pattern types too. A closed object, or one " +
    "whose `additionalProperties` or `unevaluatedProperties` is a schema, keeps them: the union is then sound.",
  schema(input, applied, context) {
    walkInput(input, (schema, pointer) => {
      if (schema["patternProperties"] === undefined) return;
      const open = (keyword: string) => schema[keyword] === undefined || schema[keyword] === true;
      if (!open("additionalProperties") || !open("unevaluatedProperties")) return;
      delete schema["patternProperties"];
      applied(pointer);
    }, context);
  },
};
