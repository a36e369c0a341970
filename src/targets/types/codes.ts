import type { DiagnosticCode } from "../../compiler/diagnostic.js";

export const TYPES_CODES = {
  nameClash: {
    code: "CH601",
    title: "two types get one name",
    help: "Every exported type name is unique across `generated/types/` (the index re-exports them all). Give one of the two an explicit name with `x-charter-name`, or rename the `$defs` key.",
  },
  badName: {
    code: "CH602",
    title: "invalid type name",
    help: "`x-charter-name` must be a TypeScript identifier: a letter, `_` or `$`, then letters, digits, `_` or `$`.",
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
} satisfies Record<string, DiagnosticCode>;
