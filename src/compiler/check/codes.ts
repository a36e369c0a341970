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
  metaSchema: {
    code: "CH304",
    title: "schema breaks its dialect's meta-schema",
    help: "The source is not a valid schema of the dialect it declares (`$schema`, 2020-12 when absent): a keyword has a value of the wrong kind, such as `required: id` instead of `required: [id]`. The message names the keyword and what the meta-schema expects. A warning under `validation.strictness: lenient` (the default, since real-world schemas break their meta-schemas in harmless ways, such as a textual `deprecated`), an error under `strict`.",
  },
  unknownCharterKeyword: {
    code: "CH305",
    title: "unknown charter keyword",
    help: "Keywords starting with `x-charter-` are charter's own, and charter knows `x-charter-name`, `x-charter-rules` and `x-charter-counterexamples`. Another one is most likely a typo, and would be silently ignored.",
  },
} satisfies Record<string, DiagnosticCode>;
