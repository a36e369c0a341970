import { isJsonObject, type JsonObject } from "../core/json-object.js";
import type { JsonValue } from "../core/json-value.js";
import { ANNOTATIONS } from "./support/annotations.js";
import { closesObject } from "./support/discriminator.js";
import { TYPE_NAME_MARKER } from "./support/generator-input.js";
import type { Repair } from "./support/repair.js";
import { walkInput } from "./support/walk-input.js";

/** Keywords from which the generator writes an object type (a reference is taken to lead to one). */
const OBJECT_SHAPES = ["$ref", "properties", "patternProperties", "additionalProperties", "required"];

export const repair: Repair = {
  id: "object-intersections",
  // It types the `allOf` members these write; ref-sibling-keywords would move the `tsType` it writes.
  after: ["ref-sibling-keywords", "composite-schema-names", "implied-types"],
  description:
    "An `allOf` member that says only `type: object` (`{ type: object, oneOf: [{$ref: v1}, {$ref: v2}] }` once " +
    "composite-schema-names has split it, or `allOf: [{type: object}, {$ref: base}]` as written) becomes " +
    "`{ [k: string]: unknown }` in json-schema-to-typescript's output, so the type is " +
    "`{ [k: string]: unknown } & (V1 | V2)`. That index signature adds no value the other members exclude, " +
    "but TypeScript stops checking object literals for unknown keys against any type that has one, at every " +
    "depth: a misspelt key in a closed `V1`, or in any object nested in it, type-checks. charter types such a " +
    "member `object`, which says the same in an intersection (not a string, number, array... of JSON, only an " +
    "object) and keeps the check. Beside members that may not be object types of their own (a schema the " +
    "generator leaves out or types `unknown`, a union with strings), the member keeps its index signature: it " +
    "is what lets a reader index the object. The same holds for an object's own members (`{ type: object, " +
    "properties: {interface: ...}, oneOf: [{$ref: page}, {$ref: pageInterface}] }`) beside a member that closes " +
    "the object (`additionalProperties: false`, in every alternative of a union or in one part of an " +
    "intersection): a valid value has only keys that member declares, so charter leaves the index signature " +
    "off the object's own members, and TypeScript, which knows a key if any part of the intersection declares " +
    "it, still accepts every valid value.",
  schema(input, applied, context) {
    walkInput(
      input,
      (schema, pointer) => {
        const allOf = schema["allOf"];
        if (!Array.isArray(allOf) || allOf.length < 2) return;
        allOf.forEach((member, index) => {
          const others = allOf.filter((_, i) => i !== index);
          if (onlyObject(member) && others.some(objectShaped)) {
            member["tsType"] = "object";
            applied(`${pointer}/allOf/${index}`);
          } else if (openDeclared(member) && others.some((other) => closesObject(other, context))) {
            member["additionalProperties"] = false;
            applied(`${pointer}/allOf/${index}`);
          }
        });
      },
      context,
    );
  },
};

/** Keywords of an object's own member that say which members it declares and nothing else of its keys. */
const DECLARING = new Set(["type", "properties", "required"]);

/** An unnamed object member that declares properties and leaves other keys open: `{ type: object, properties, required }`. */
function openDeclared(member: JsonValue): member is JsonObject {
  if (!isJsonObject(member) || member[TYPE_NAME_MARKER] !== undefined || !isJsonObject(member["properties"]))
    return false;
  if (member["type"] !== undefined && member["type"] !== "object") return false;
  return Object.keys(member).every((key) => DECLARING.has(key) || ANNOTATIONS.has(key));
}

/** `{ type: object }` (or `type: [object]`) with annotations at most, unnamed. */
function onlyObject(member: JsonValue): member is JsonObject {
  if (!isJsonObject(member) || member[TYPE_NAME_MARKER] !== undefined) return false;
  const type = member["type"];
  if (type !== "object" && !(Array.isArray(type) && type.length === 1 && type[0] === "object")) return false;
  return Object.keys(member).every((key) => key === "type" || ANNOTATIONS.has(key));
}

/**
 * Whether the generator writes an object type for this member: one with members or a target, or a
 * combination of such. Beside anything else (a member it leaves out or types `unknown`, a union with
 * strings) the index signature is what lets a reader index the object, so it stays.
 */
function objectShaped(member: JsonValue): boolean {
  if (!isJsonObject(member) || onlyObject(member)) return false;
  if (OBJECT_SHAPES.some((key) => member[key] !== undefined)) return true;
  const combinators = ["allOf", "anyOf", "oneOf"].filter((key) => Array.isArray(member[key]));
  return combinators.length > 0 && combinators.every((key) => (member[key] as JsonValue[]).every(objectShaped));
}
