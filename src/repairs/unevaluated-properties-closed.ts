import { isJsonObject } from "../core/json-object.js";
import type { Repair } from "./support/repair.js";
import { walkInput } from "./support/walk-input.js";

const CONDITIONAL = ["if", "then", "else", "anyOf", "oneOf", "not"];

export const repair: Repair = {
  id: "unevaluated-properties-closed",
  // dependent-schemas adds no property to an object closed by `additionalProperties: false`, which this writes.
  after: ["dependent-schemas"],
  description:
    "`unevaluatedProperties: false` closes an object, counting the properties its `allOf` members declare. " +
    "json-schema-to-typescript ignores the keyword and leaves `[k: string]: unknown` open on the object and " +
    "on each inline `allOf` member, so misspelt keys type-check. charter treats it as " +
    "`additionalProperties: false` on the object and on each inline `allOf` member that does not set " +
    "`additionalProperties` itself (a member that is a `$ref` keeps its own type). Where `if`/`then`/`else`, " +
    "`anyOf`, `oneOf` or `not` may evaluate further properties, the type stays open (properties of " +
    "`dependentSchemas` are listed by the dependent-schemas repair, which runs first).",
  schema(input, applied, context) {
    walkInput(
      input,
      (schema, pointer) => {
        if (schema["unevaluatedProperties"] !== false) return;
        // Properties a condition or an alternative may evaluate cannot be listed in one closed type: stay open.
        if (CONDITIONAL.some((keyword) => schema[keyword] !== undefined)) return;
        delete schema["unevaluatedProperties"];
        if (schema["additionalProperties"] === undefined) schema["additionalProperties"] = false;
        const members = schema["allOf"];
        if (Array.isArray(members)) {
          for (const member of members) {
            if (
              isJsonObject(member) &&
              member["$ref"] === undefined &&
              member["tsType"] === undefined &&
              member["additionalProperties"] === undefined
            ) {
              member["additionalProperties"] = false;
            }
          }
        }
        applied(pointer);
      },
      context,
    );
  },
};
