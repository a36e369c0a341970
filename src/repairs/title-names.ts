import type { Repair } from "./support/repair.js";
import { appendToDescription, walkInput } from "./support/walk-input.js";

export const repair: Repair = {
  id: "title-names",
  after: [],
  description:
    "json-schema-to-typescript makes every subschema with a `title` a named declaration called after the " +
    "title, numbering repeats in the order it meets them (`Thing`, `Thing1`), and leaves the title out of " +
    "the JSDoc. Names then change when an unrelated property is added, and two contracts may export one " +
    "name. charter names types only from contract names, `$defs` keys and `x-charter-name`; it moves each " +
    "`title` into the description, where it becomes the first paragraph of the JSDoc.",
  schema(input, applied, context) {
    walkInput(
      input,
      (schema, pointer) => {
        const title = schema["title"];
        if (typeof title !== "string") return;
        delete schema["title"];
        const description = typeof schema["description"] === "string" ? (schema["description"] as string) : "";
        schema["description"] = "";
        appendToDescription(schema, title);
        if (description !== "") appendToDescription(schema, description);
        applied(pointer);
      },
      context,
    );
  },
};
