import type { DiagnosticCode } from "../../compiler/diagnostic.js";

export const TYPES_CODES = {
  nameClash: {
    code: "CH601",
    title: "two types get one name",
    help: "Every exported type name is unique across `generated/types/` (the index re-exports them all). Two `x-charter-name`s that ask for one name, and, under `typeNames: { clashes: error }`, any two derived names that clash, are refused at every place. Give one of them an explicit name with `x-charter-name`, or rename the `$defs` key.",
  },
  nameClashSettled: {
    code: "CH608",
    title: "type name clash settled by renaming",
    help: "Two schemas would get one derived type name. The first by place keeps it (an `x-charter-name`, then a contract's root, then a definition; then by source path), and the other takes a name qualified by its contract (`<Root><Key>`, then `<Root>_<Key>`), else a numbered one. Set `x-charter-name` on either to choose names yourself, or `typeNames: { clashes: error }` to refuse clashes (CH601).",
  },
  badName: {
    code: "CH602",
    title: "invalid type name",
    help: "`x-charter-name` must be a TypeScript identifier that json-schema-to-typescript keeps as written: starting with a capital letter, `_` or `$`, with no lower-case letter right after a digit, `$` or `_` (write `Ti8M`, `MyType`).",
  },
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
} satisfies Record<string, DiagnosticCode>;
