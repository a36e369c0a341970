import { isJsonObject, type JsonObject } from "../core/json-object.js";
import type { JsonValue } from "../core/json-value.js";
import { TYPE_NAME_MARKER } from "./support/generator-input.js";
import type { Repair, SchemaContext } from "./support/repair.js";
import { walkInput } from "./support/walk-input.js";

/** Keywords whose members the generator writes into the type of the schema that holds them (a union or intersection). */
const IN_PLACE = ["allOf", "anyOf", "oneOf"];

export const repair: Repair = {
  id: "self-applied-schemas",
  // The `$ref`s beside other keywords that ref-sibling-keywords moves into `allOf` are in place; the
  // alias repairs then see a schema on a cycle as typed, not as an alias.
  after: ["ref-sibling-keywords"],
  description:
    "A definition that applies itself to the same value, through `$ref` and `allOf`/`anyOf`/`oneOf` with no " +
    "property or item in between (`loop: { allOf: [{ $ref: '#/$defs/loop' }] }`, or `a` → `b` → `a`; CH306 " +
    "warns of it), makes json-schema-to-typescript declare a type alias that names itself (`type Loop = Loop`), " +
    "which TypeScript refuses (`circularly references itself`, CH606), so the contract gets no types. No value " +
    "can be judged by such a schema, so charter gives each named schema on the cycle the type `unknown`.",
  schema(input, applied, context) {
    const named = new Map<JsonObject, string>();
    walkInput(
      input,
      (schema, pointer) => {
        if (typeof schema[TYPE_NAME_MARKER] === "string") named.set(schema, pointer);
      },
      context,
    );
    const onCycle = [...named.keys()].filter((schema) => appliesItself(schema, context));
    // Marked after every search: a `tsType` ends the generator's walk, and would hide the next cycle member.
    for (const schema of onCycle) {
      schema["tsType"] = "unknown";
      applied(named.get(schema)!);
    }
  },
};

/** Whether `start` reaches itself through `$ref` and the generator's combinators, on the same value. */
function appliesItself(start: JsonObject, context: SchemaContext): boolean {
  const seen = new Set<JsonObject>();
  const stack: JsonObject[] = [...successors(start, context)];
  while (stack.length > 0) {
    const schema = stack.pop()!;
    if (schema === start) return true;
    if (seen.has(schema)) continue;
    seen.add(schema);
    stack.push(...successors(schema, context));
  }
  return false;
}

function successors(schema: JsonObject, context: SchemaContext): JsonObject[] {
  // A `tsType` another repair wrote is the generator's whole type for the schema.
  if (schema["tsType"] !== undefined) return [];
  const next: (JsonValue | undefined)[] = [];
  if (typeof schema["$ref"] === "string") next.push(context.resolve(schema["$ref"]));
  for (const keyword of IN_PLACE) {
    const members = schema[keyword];
    if (Array.isArray(members)) next.push(...members);
  }
  return next.filter((value) => isJsonObject(value));
}
