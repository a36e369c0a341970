import type { Repair } from "./support/repair.js";
import { appendToDescription, walkInput } from "./support/walk-input.js";

export const repair: Repair = {
  id: "jsdoc-tags",
  after: [],
  description:
    "json-schema-to-typescript writes `description` and `deprecated` into JSDoc but drops `default` and " +
    "`examples`, which readers of a contract's types need most. charter adds them as `@default` and " +
    "`@example` tags (values as JSON).",
  schema(input, applied, context) {
    walkInput(
      input,
      (schema, pointer) => {
        const tags: string[] = [];
        if (schema["default"] !== undefined) tags.push(`@default ${JSON.stringify(schema["default"])}`);
        const examples = schema["examples"];
        if (Array.isArray(examples)) for (const example of examples) tags.push(`@example ${JSON.stringify(example)}`);
        // Once in the JSDoc they are of no use to the generator, which would even resolve a `$ref` key inside them.
        delete schema["default"];
        delete schema["examples"];
        if (tags.length === 0) return;
        appendToDescription(schema, tags.join("\n"));
        applied(pointer);
      },
      context,
    );
  },
};
