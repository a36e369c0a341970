import type { Repair } from "./support/repair.js";
import { appendToDescription, walkInput } from "./support/walk-input.js";

export const repair: Repair = {
  id: "deprecated-reason",
  after: [],
  description:
    "Schemas in the wild write the reason for a deprecation in the keyword itself " +
    '(`deprecated: "Use include instead"`). json-schema-to-typescript accepts only a boolean and refuses the ' +
    'whole schema ("deprecated must be a boolean"), so the contract gets no types. charter moves a textual ' +
    "reason into the JSDoc as `@deprecated <reason>` and drops the keyword from the generator's input " +
    "(any other non-boolean value is dropped too); validation is unchanged, since `deprecated` is an annotation.",
  schema(input, applied, context) {
    walkInput(
      input,
      (schema, pointer) => {
        const value = schema["deprecated"];
        if (value === undefined || typeof value === "boolean") return;
        delete schema["deprecated"];
        appendToDescription(
          schema,
          typeof value === "string" && value.trim() !== "" ? `@deprecated ${value}` : "@deprecated",
        );
        applied(pointer);
      },
      context,
    );
  },
};
