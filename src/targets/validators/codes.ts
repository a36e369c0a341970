import type { DiagnosticCode } from "../../compiler/diagnostic.js";

export const VALIDATOR_CODES = {
  unknownFormat: {
    code: "CH701",
    title: "unknown format (warning)",
    help: "ajv-formats does not know this `format`, so the validator does not check it (formats are annotations unless asserted). Use a known format, or add a `pattern` that states what the format means.",
  },
  compileFailed: {
    code: "CH702",
    title: "validator generation failed",
    help: "ajv could not compile the bundled schema into a standalone validator. The message says why.",
  },
} satisfies Record<string, DiagnosticCode>;
