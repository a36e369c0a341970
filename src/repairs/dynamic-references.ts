import type { Repair } from "./support/repair.js";

export const repair: Repair = {
  id: "dynamic-references",
  after: [],
  description:
    "`$dynamicRef` (2020-12) and `$recursiveRef` (2019-09), used for recursive and extensible structures " +
    "(a tree whose nodes refer back to the tree), become `{ [k: string]: unknown }` in " +
    "json-schema-to-typescript's output, losing the structure. charter hands the generator the reference's " +
    "static target (where the reference points when no other schema extends it), so a recursive type " +
    "refers to itself. An extension through dynamic scope is enforced by the validator but not shown in " +
    "the type.",
  reference: ({ keyword }) => keyword === "$dynamicRef" || keyword === "$recursiveRef",
};
