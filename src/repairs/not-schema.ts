import type { Repair } from "./support/repair.js";
import { walkInput } from "./support/walk-input.js";

export const repair: Repair = {
  id: "not-schema",
  // They read the `not` this drops.
  after: ["discriminated-conditionals", "conditional-branches", "discriminated-alternatives"],
  description:
    "TypeScript has no negated types. For `{ not: { type: string } }` json-schema-to-typescript emits an " +
    "object type (`{ [k: string]: unknown }`), which rejects numbers and arrays the schema accepts; beside " +
    "other keywords it adds the same object type to them. charter drops `not` from the generator's input, " +
    "so the type says what the rest of the schema says (`unknown` when nothing else is said), and the " +
    "validator alone enforces the exclusion.",
  schema(input, applied, context) {
    walkInput(
      input,
      (schema, pointer) => {
        if (schema["not"] === undefined) return;
        delete schema["not"];
        applied(pointer);
      },
      context,
    );
  },
};
