import type { Repair } from "./support/repair.js";
import { walkInput } from "./support/walk-input.js";

export const repair: Repair = {
  id: "comment-terminator",
  // They write text of the source (examples, deprecation reasons) into descriptions, where `*/` is escaped.
  after: ["jsdoc-tags", "deprecated-reason"],
  description:
    "A `description` or `title` holding `*/` (a glob such as `src/**/*.ts`) would end the JSDoc comment; " +
    "json-schema-to-typescript turns it into `* /`, which changes the text (`src/** /*.ts`). charter writes " +
    "`*\\/` instead, the usual JSDoc escape, so the text reads as written and the comment stays closed.",
  schema(input, applied, context) {
    walkInput(
      input,
      (schema, pointer) => {
        let changed = false;
        for (const keyword of ["description", "title"]) {
          const text = schema[keyword];
          if (typeof text === "string" && text.includes("*/")) {
            schema[keyword] = text.replace(/\*\//g, "*\\/");
            changed = true;
          }
        }
        if (changed) applied(pointer);
      },
      context,
    );
  },
};
