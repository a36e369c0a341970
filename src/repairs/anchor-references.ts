import type { Repair } from "./support/repair.js";

export const repair: Repair = {
  id: "anchor-references",
  after: [],
  description:
    "A `$ref` to a plain-name fragment (`$ref: '#positive'` with `$anchor: positive`, or `$id: '#positive'` " +
    'before 2019-09) makes json-schema-to-typescript throw ("Refs should have been resolved by the ' +
    'resolver!"): its resolver follows only JSON pointers. charter resolves the anchor itself and hands ' +
    "the generator the JSON pointer of the target (or the imported type that names it).",
  reference: ({ keyword, usesAnchor }) => keyword === "$ref" && usesAnchor,
};
