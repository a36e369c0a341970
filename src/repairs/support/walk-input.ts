import { joinPointer } from "../../core/json-pointer.js";
import { isJsonObject, type JsonObject } from "../../core/json-object.js";
import type { JsonValue } from "../../core/json-value.js";
import { walkSchema } from "../../schema/walk-schema.js";
import { EMBEDDED_KEY, ROOT_KEY } from "./generator-input.js";
import type { SchemaContext } from "./repair.js";

/**
 * Visits every subschema of the contract's document in a generator input, and
 * of the documents embedded beside it, with the pointer a user would read
 * (into the contract's document, or under `/x-charter-embedded/<name>`), and
 * the schema whose keyword holds it (none for a document's root), and the
 * root of the document it is in (whose `$schema` names its dialect; none for
 * the targets below).
 *
 * Given the repair's context, it also visits each schema that only a `$ref`
 * makes one: a target under a keyword no dialect defines (vector's
 * `#/definitions/8ab6a/full`), which the keyword walk never enters, yet the
 * generator reads like any other schema.
 */
export function walkInput(
  input: JsonObject,
  visit: (
    schema: JsonObject,
    pointer: string,
    parent: JsonObject | undefined,
    document: JsonObject | undefined,
  ) => void,
  context?: SchemaContext,
): void {
  let targets = context ? outsideTargets.get(input) : undefined;
  // Only the first walk of an input with a context looks for targets: repairs move schemas but keep them
  // (references name them by identity), and none moves one under an unknown keyword.
  const visited = context && !targets ? new Set<JsonObject>() : undefined;
  const references: string[] = [];
  const walk = (document: JsonValue, pointer: string, root?: JsonObject) => {
    walkSchema<JsonObject | undefined>(
      document,
      undefined,
      (schema, at, parent) => {
        visited?.add(schema);
        visit(schema, at, parent, root);
        // Read after the visit: a repair may have rewritten the reference.
        if (visited && typeof schema["$ref"] === "string") references.push(schema["$ref"]);
        return schema;
      },
      pointer,
    );
  };
  // generator-input-checks may have put the document in a list of one.
  const root = input[ROOT_KEY];
  const rootDocument = Array.isArray(root) ? root[0]! : root!;
  walk(rootDocument, "", isJsonObject(rootDocument) ? rootDocument : undefined);
  const embedded = input[EMBEDDED_KEY];
  if (isJsonObject(embedded))
    for (const [name, document] of Object.entries(embedded))
      walk(document, joinPointer("", EMBEDDED_KEY, name), isJsonObject(document) ? document : undefined);
  if (!context) return;
  if (!targets) {
    targets = unwalkedTargets(references, visited!, context);
    outsideTargets.set(input, targets);
  }
  if (targets.length === 0) return;
  const positions = positionsIn(input);
  for (const target of targets) {
    const at = positions.get(target);
    // A target no longer in the input (a repair replaced it) is not the generator's to read.
    if (at !== undefined) walk(target, at);
  }
}

/** Per generator input, the reference targets the keyword walk does not reach. */
const outsideTargets = new WeakMap<JsonObject, JsonObject[]>();

/** The targets of `references` not in `visited`, and those their own references reach. */
function unwalkedTargets(references: string[], visited: Set<JsonObject>, context: SchemaContext): JsonObject[] {
  const found: JsonObject[] = [];
  while (references.length > 0) {
    const target = context.resolve(references.shift()!);
    if (!isJsonObject(target) || visited.has(target)) continue;
    found.push(target);
    walkSchema<null>(target, null, (schema) => {
      visited.add(schema);
      if (typeof schema["$ref"] === "string") references.push(schema["$ref"]);
      return null;
    });
  }
  return found;
}

/** Where each object of the input sits, as users read pointers (the contract's document at ""). */
function positionsIn(input: JsonObject): Map<JsonValue, string> {
  const positions = new Map<JsonValue, string>();
  const rootPrefix = joinPointer("", ROOT_KEY);
  const visit = (value: JsonValue, pointer: string) => {
    if (value === null || typeof value !== "object" || positions.has(value)) return;
    positions.set(
      value,
      pointer === rootPrefix || pointer.startsWith(`${rootPrefix}/`) ? pointer.slice(rootPrefix.length) : pointer,
    );
    if (Array.isArray(value)) value.forEach((item, i) => visit(item, joinPointer(pointer, i)));
    else for (const [key, child] of Object.entries(value)) visit(child, joinPointer(pointer, key));
  };
  visit(input, "");
  return positions;
}

/** Appends a paragraph to a schema's description (the generator's JSDoc text). */
export function appendToDescription(schema: JsonObject, paragraph: string): void {
  const existing = typeof schema["description"] === "string" ? (schema["description"] as string) : "";
  schema["description"] = existing === "" ? paragraph : `${existing}\n\n${paragraph}`;
}
