import type { Repair } from "./support/repair.js";
import { walkInput } from "./support/walk-input.js";

export const repair: Repair = {
  id: "prefix-items-tuple",
  after: [],
  description:
    "2020-12 writes tuples with `prefixItems` (`{ type: array, prefixItems: [{type: string}, {type: number}], " +
    "items: false }`). json-schema-to-typescript ignores `prefixItems` and emits `unknown[]`, or `never[]` when " +
    "`items: false`. charter rewrites it into the form the generator knows (`items` as a list, `additionalItems` " +
    "from `items`), so the type is the tuple `[string, number]` (with shorter prefixes allowed unless " +
    "`minItems` says otherwise, and a rest element when further items are allowed).",
  schema(input, applied, context) {
    walkInput(
      input,
      (schema, pointer) => {
        const prefix = schema["prefixItems"];
        if (!Array.isArray(prefix)) return;
        const rest = schema["items"];
        delete schema["prefixItems"];
        schema["items"] = prefix;
        if (rest === undefined) delete schema["additionalItems"];
        else schema["additionalItems"] = rest;
        applied(pointer);
      },
      context,
    );
  },
};
