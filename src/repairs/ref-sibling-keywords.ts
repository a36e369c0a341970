import type { Repair } from "./repair.js";
import { walkInput } from "./walk-input.js";

export const repair: Repair = {
  id: "ref-sibling-keywords",
  description:
    "A `$ref` beside other keywords (`{ $ref: '#/$defs/path', description: 'Where the output goes' }`, " +
    "common since 2019-09 made siblings of `$ref` apply) makes json-schema-to-typescript copy the target " +
    "into a second declaration with a numbered name (`Path1`, `Path2`) instead of naming `Path`. charter " +
    "moves the `$ref` into `allOf` (the same meaning since 2019-09), so the generator refers to `Path` " +
    "and keeps the description on the property.",
  schema(input, applied) {
    walkInput(input, (schema, pointer) => {
      const ref = schema["$ref"];
      if (typeof ref !== "string") return;
      const siblings = Object.keys(schema).filter((k) => k !== "$ref" && !k.startsWith("x-charter-"));
      if (siblings.length === 0) return;
      delete schema["$ref"];
      const allOf = Array.isArray(schema["allOf"]) ? schema["allOf"] : [];
      schema["allOf"] = [{ $ref: ref }, ...allOf];
      applied(pointer);
    });
  },
};
