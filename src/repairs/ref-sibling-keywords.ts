import type { Repair } from "./support/repair.js";
import { walkInput } from "./support/walk-input.js";
import { CHARTER_KEYWORD_PREFIX } from "../schema/keywords.js";
import { ANNOTATIONS } from "./support/annotations.js";

export const repair: Repair = {
  id: "ref-sibling-keywords",
  // A `$ref`'s siblings are counted once jsdoc-tags has dropped `default` and `examples`; a `tsType`
  // unconstrained-schemas wrote beside constraining keywords moves like an imported type's.
  after: ["jsdoc-tags", "unconstrained-schemas"],
  description:
    "A `$ref` beside other keywords (`{ $ref: '#/$defs/path', description: 'Where the output goes' }`, " +
    "common since 2019-09 made siblings of `$ref` apply) makes json-schema-to-typescript copy the target " +
    "into a second declaration with a numbered name (`Path1`, `Path2`) instead of naming `Path`. charter " +
    "moves the `$ref` into `allOf` (the same meaning since 2019-09), so the generator refers to `Path` " +
    "and keeps the description on the property. A reference to another contract's type (which reaches the " +
    "generator as `tsType`, silencing every keyword beside it) gets the same treatment when other keywords " +
    "constrain it too.",
  schema(input, applied, context) {
    walkInput(
      input,
      (schema, pointer) => {
        const ref = schema["$ref"];
        if (typeof ref === "string") {
          const siblings = Object.keys(schema).filter((k) => k !== "$ref" && !k.startsWith(CHARTER_KEYWORD_PREFIX));
          if (siblings.length === 0) return;
          delete schema["$ref"];
          const allOf = Array.isArray(schema["allOf"]) ? schema["allOf"] : [];
          schema["allOf"] = [{ $ref: ref }, ...allOf];
          applied(pointer);
          return;
        }
        // A reference to another contract reaches the generator as `tsType`, which silences every sibling.
        const imported = schema["tsType"];
        if (typeof imported !== "string") return;
        const constraining = Object.keys(schema).filter(
          (k) => k !== "tsType" && !k.startsWith(CHARTER_KEYWORD_PREFIX) && !ANNOTATIONS.has(k),
        );
        if (constraining.length === 0) return;
        delete schema["tsType"];
        const allOf = Array.isArray(schema["allOf"]) ? schema["allOf"] : [];
        schema["allOf"] = [{ tsType: imported }, ...allOf];
        applied(pointer);
      },
      context,
    );
  },
};
