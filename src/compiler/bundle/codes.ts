import type { CodeTable } from "../../core/diagnostic.js";

export const BUNDLE_CODES = {
  dependencyFailed: {
    code: "CH402",
    title: "contract depends on a document with errors",
    help: "The contract references a document that could not be compiled; fix the errors reported for that document.",
  },
  nestedId: {
    code: "CH403",
    title: "nested relative $id cannot be placed",
    help: "A nested `$id` relative to its source file's path must move under the contract's canonical `$id`, which an opaque base URI (such as `urn:...`) cannot carry. Make the nested `$id` absolute, or use a hierarchical `baseUri` (ending in `/`).",
  },
  idCollision: {
    code: "CH404",
    title: "two resources get one $id in a bundle",
    help: "Once charter gives each document its canonical `$id`, two nested `$id`s in one bundle resolve to the same URI. Give one of them an absolute `$id`.",
  },
} satisfies CodeTable;

declare module "../../core/diagnostic.js" {
  interface CodeTables {
    bundle: typeof BUNDLE_CODES;
  }
}
