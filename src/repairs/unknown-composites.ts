import { isJsonObject } from "../core/json-object.js";
import type { JsonValue } from "../core/json-value.js";
import { TYPE_NAME_MARKER } from "./support/generator-input.js";
import type { Repair } from "./support/repair.js";
import { walkInput } from "./support/walk-input.js";

/** Keywords from which the generator makes a type of its own beside a combinator's (typesOfSchema.ts). */
const TYPED = ["type", "enum", "const", "properties", "patternProperties", "items", "$ref", "tsType"];
/** Keywords that keep an `allOf` member in the generator's intersection (parser.ts, RECOGNIZED_ALL_OF_MEMBER_KEYWORDS). */
const RECOGNIZED = new Set([
  "$id",
  "additionalProperties",
  "allOf",
  "anyOf",
  "const",
  "default",
  "enum",
  "extends",
  "items",
  "oneOf",
  "patternProperties",
  "properties",
  "required",
  "tsEnumNames",
  "tsType",
  "type",
]);

/** Keywords that give an `allOf` member something to say (a name, a comment, a target), so the generator keeps it. */
const SAYS = new Set(["$ref", "title", "description", "deprecated", TYPE_NAME_MARKER]);

export const repair: Repair = {
  id: "unknown-composites",
  // ref-sibling-keywords would move the `tsType` it writes into `allOf`.
  after: ["ref-sibling-keywords"],
  description:
    "A schema combining others where one that accepts anything decides the type (`anyOf: [true, ...]`, " +
    "`oneOf: [true, true, false]`, `allOf: [true]`) has the type `unknown`, and json-schema-to-typescript's " +
    "optimiser replaces such a union or intersection by its one shared `unknown`, name included: a contract " +
    "root or definition of that form is never declared, and the contract gets no types (CH606). charter " +
    "gives each named schema of that form the type `unknown` itself, which the generator declares under " +
    "its name.",
  schema(input, applied, context) {
    walkInput(
      input,
      (schema, pointer) => {
        if (typeof schema[TYPE_NAME_MARKER] !== "string" || schema["tsType"] !== undefined || !collapses(schema))
          return;
        schema["tsType"] = "unknown";
        applied(pointer);
      },
      context,
    );
  },
};

/**
 * Whether the generator's type for a schema ends up as its shared `unknown`: `true` and `{}` do; a
 * union does when a member does, an intersection when every member it keeps does. A named member
 * keeps its own declaration (this repair gives it one), a reference is taken to lead to one.
 */
function collapses(schema: JsonValue, top = true): boolean {
  if (schema === true) return true;
  if (!isJsonObject(schema)) return false;
  if (!top && schema[TYPE_NAME_MARKER] !== undefined) return false;
  const keys = Object.keys(schema);
  if (keys.length === 0) return true;
  if (TYPED.some((k) => schema[k] !== undefined)) return false;
  const combinators = ["allOf", "anyOf", "oneOf"].filter((k) => Array.isArray(schema[k]));
  if (combinators.length === 0) return false;
  return combinators.every((k) => {
    const members = schema[k] as JsonValue[];
    if (k !== "allOf") return members.some((m) => collapses(m, false));
    // The generator leaves out of an intersection the members it knows no keyword of and has nothing to say about.
    const kept = members.filter(
      (m) =>
        !isJsonObject(m) ||
        Object.keys(m).length === 0 ||
        Object.keys(m).some((key) => RECOGNIZED.has(key) || SAYS.has(key)),
    );
    return kept.length > 0 && kept.every((m) => collapses(m, false));
  });
}
