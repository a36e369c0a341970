import { TYPE_NAME_MARKER } from "./support/generator-input.js";
import type { Repair } from "./support/repair.js";
import { walkInput } from "./support/walk-input.js";

export const repair: Repair = {
  id: "alias-definitions",
  // alias-chains reads the `$ref` this moves into `allOf`; one with siblings is ref-sibling-keywords' to move.
  after: ["ref-sibling-keywords", "alias-chains"],
  description:
    "A definition that is only a reference to another (`$defs: {id: {$ref: '#/$defs/uuid'}}`) is replaced " +
    "by its target in json-schema-to-typescript's resolver, so `Id` is declared as a copy of the target's " +
    "structure (`export type Id = string`) rather than as the alias the schema says, and the two drift apart " +
    "in documentation and in editors. charter moves the `$ref` of each named schema (a contract's root or " +
    "definition) into `allOf`, so the generator declares the alias (`export type Id = Uuid`).",
  schema(input, applied, context) {
    walkInput(
      input,
      (schema, pointer) => {
        if (typeof schema[TYPE_NAME_MARKER] !== "string" || typeof schema["$ref"] !== "string") return;
        const allOf = Array.isArray(schema["allOf"]) ? schema["allOf"] : [];
        schema["allOf"] = [{ $ref: schema["$ref"] }, ...allOf];
        delete schema["$ref"];
        applied(pointer);
      },
      context,
    );
  },
};
