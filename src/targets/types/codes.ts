import type { CodeTable } from "../../core/diagnostic.js";

export const TYPES_CODES = {
  generatorFailed: {
    code: "CH603",
    title: "type generation failed",
    help: "json-schema-to-typescript could not generate types for this contract. The message says why; if the schema is valid, this is a gap charter should repair: report it.",
  },
  dependencyFailed: {
    code: "CH604",
    title: "types depend on a contract without types",
    help: "The contract's types import a type from another contract whose types could not be generated; fix that contract first.",
  },

  exampleType: {
    code: "CH605",
    title: "example does not fit its type",
    help: "An instance listed in `examples` does not type-check as the type generated for its schema: the schema and the types disagree, or the example is wrong. Fix the example, or the schema; if the schema is right, the types are wrong: report it. A warning where the config sets `validation.examples: warning` (for imported schemas).",
  },
  typesDoNotCompile: {
    code: "CH606",
    title: "generated types do not compile",
    help: "The types generated for a contract do not compile under strict flags. This is a defect of charter (a missing repair): report it with the contract.",
  },
} satisfies CodeTable;

declare module "../../core/diagnostic.js" {
  interface CodeTables {
    types: typeof TYPES_CODES;
  }
}
