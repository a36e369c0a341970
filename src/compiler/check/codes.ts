import type { DiagnosticCode } from "../diagnostic.js";

export const CHECK_CODES = {
  badRules: {
    code: "CH301",
    title: "malformed rule declaration",
    help: "`x-charter-rules` maps rule ids (lower-case words joined by `-`, such as `resume-after-created`) to one sentence each, saying what the rule requires of valid data.",
  },
  misplacedRules: {
    code: "CH302",
    title: "rules declared below the root",
    help: "`x-charter-rules` is read at the root of a contract only: the runtime runs a contract's rules on the whole value it validated. Move the declaration to the root and let the rule reach into the value.",
  },
  badCounterexamples: {
    code: "CH303",
    title: "malformed counterexample declaration",
    help: "`x-charter-counterexamples` is a list, at the root of a contract or of a top-level definition, of `{ value: <invalid instance>, error: { keyword: <ajv keyword>, pointer: <JSON pointer into the value, optional> } }`: the instance, and the violation it must produce.",
  },
} satisfies Record<string, DiagnosticCode>;
