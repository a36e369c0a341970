import type { DiagnosticCode } from "../diagnostic.js";

export const BUNDLE_CODES = {
  definitionClash: {
    code: "CH401",
    title: "embedded document clashes with a definition",
    help: "The bundle keeps each referenced document under `$defs` (or `definitions`) by its contract name, and the contract already has a definition of that name. Rename the definition.",
  },
  dependencyFailed: {
    code: "CH402",
    title: "contract depends on a document with errors",
    help: "The contract references a document that could not be compiled; fix the errors reported for that document.",
  },
} satisfies Record<string, DiagnosticCode>;
