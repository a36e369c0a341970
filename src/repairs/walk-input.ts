import { joinPointer } from "../core/json-pointer.js";
import { isJsonObject, type JsonObject } from "../core/json-object.js";
import { walkSchema } from "../compiler/resolve/walk-schema.js";
import { EMBEDDED_KEY, ROOT_KEY } from "./generator-input.js";

/**
 * Visits every subschema of the contract's document in a generator input, and
 * of the documents embedded beside it, with the pointer a user would read
 * (into the contract's document, or under `/x-charter-embedded/<name>`).
 */
export function walkInput(input: JsonObject, visit: (schema: JsonObject, pointer: string) => void): void {
  // generator-input-checks may have put the document in a list of one.
  const root = input[ROOT_KEY];
  walkSchema<null>(Array.isArray(root) ? root[0]! : root!, null, (schema, pointer) => {
    visit(schema, pointer);
    return null;
  });
  const embedded = input[EMBEDDED_KEY];
  if (!isJsonObject(embedded)) return;
  for (const [name, document] of Object.entries(embedded)) {
    walkSchema<null>(document, null, (schema, pointer) => {
      visit(schema, pointer);
      return null;
    }, joinPointer("", EMBEDDED_KEY, name));
  }
}

/** Appends a paragraph to a schema's description (the generator's JSDoc text). */
export function appendToDescription(schema: JsonObject, paragraph: string): void {
  const existing = typeof schema["description"] === "string" ? (schema["description"] as string) : "";
  schema["description"] = existing === "" ? paragraph : `${existing}\n\n${paragraph}`;
}
