import type { CodeTable } from "../../core/diagnostic.js";

export const VALIDATOR_CODES = {
  // Numbered with the bundle's codes: the contract fails as if its bundling had (too-many-scopes.ts).
  tooManyScopes: {
    code: "CH405",
    title: "dynamic references read in too many scopes",
    help: "charter resolves each `$dynamicRef` and `$recursiveRef` for the dynamic scope evaluation from the contract's root gives it, and copies a subschema for each further scope that binds its dynamic anchors differently, so that the validators see plain `$ref`s. A contract that needs more than 1,000 such copies is refused rather than validated by a guess. Give the scopes fewer distinct `$dynamicAnchor` bindings, or split the contract.",
  },
  unknownFormat: {
    code: "CH701",
    title: "unknown format (warning)",
    help: "The contract's formats are asserted (draft-07 and earlier, or `validation.formats: assert`), but charter-runtime, which checks the formats ajv-formats knows, does not know this one, so the validator does not check it. Use a known format, or add a `pattern` that states what the format means. Where formats are annotations (2019-09 and 2020-12 by default), no format is checked and none is reported.",
  },
  compileFailed: {
    code: "CH702",
    title: "validator generation failed",
    help: "ajv could not compile the bundled schema into a standalone validator, or the validator it compiled overflows its stack on every value (a probe runs it once on a value of each JSON type). The known cause is one schema that applies more than about 30,000 subschemas (an object of that many properties), whose function JavaScript cannot compile; the message says so. Split such an object's properties into definitions an `allOf` refers to. A validator that overflows on some of the probed values only is a warning: a schema on a `$ref` cycle applies itself to those (CH306), and the runtime reports them as not judged. An example or counterexample that reaches such a cycle cannot be checked: an error. Any other cause is a defect of charter's or ajv's: report the contract.",
  },
  unknownFormatRefused: {
    code: "CH703",
    title: "unknown format refused",
    help: "The contract's formats are asserted, charter-runtime (the formats ajv-formats knows) does not know this one, and the config sets `validation.unknownFormats: refuse` for this contract. Use a format it knows, or state the format's meaning with `pattern` and drop `format`.",
  },
  strictMode: {
    code: "CH704",
    title: "schema refused by strict mode",
    help: "The contract's `validation.strictness` is `strict`, and ajv's strict mode found a schema that probably does not say what was meant: a keyword applied without the `type` it needs, a tuple without bounds, or a required property that no `properties` declares (those of a schema enclosing it through `allOf`, `if`/`then`/`else` or `not` count, which ajv alone does not see). An error where ajv's strict mode refuses the contract; a warning where ajv meets the finding only compiling a top-level definition as its own validator (a definition the root never references, or a `required` name ajv sees declared in the contract by an earlier branch), since ajv's strict mode accepts the contract. Fix the schema, or set `strictness: lenient` for this contract.",
  },
  exampleRejected: {
    code: "CH705",
    title: "example rejected by its schema",
    help: "A value under `examples` does not satisfy the schema it illustrates; the message lists the violations. A warning where the config sets `validation.examples: warning` (for imported schemas). Fix the example, or the schema if the example is right.",
  },
  counterexampleAccepted: {
    code: "CH706",
    title: "counterexample accepted",
    help: "A value under `x-charter-counterexamples` satisfies the schema, so the schema allows what the contract says it must refuse. Tighten the schema, or remove the counterexample.",
  },
  counterexampleOtherReason: {
    code: "CH707",
    title: "counterexample refused for another reason",
    help: "A counterexample is refused, but not with the violation it declares (`error.keyword` at `error.pointer`): it does not test what it says it tests. The message lists the violations it produced.",
  },
  patternNotLinear: {
    code: "CH708",
    title: "pattern the linear engine cannot run",
    help: "The contract asks for the linear-time pattern engine (`validation.patterns: linear`), and this `pattern` (or `patternProperties` key) uses what RE2 has no linear-time form of, a lookahead, a lookbehind or a backreference, or a form RE2 refuses (a repetition count above 1,000, some Unicode property names), whether in the contract's own file or in a document it embeds (then reported at the contract's first line). Rewrite the expression without it, or set `patterns: native` for this contract (and bound the input with `maxLength`).",
  },
  asyncIgnored: {
    code: "CH709",
    title: "`$async` ignored (warning)",
    help: "`$async` is ajv's keyword for asynchronous validation, not JSON Schema's: ajv would compile such a schema into a function that returns a Promise, which every caller would take for \"valid\". charter has no asynchronous keywords or formats, so it compiles the contract's validators as synchronous ones, with the same verdicts, and reports the keyword here. The bundled schema keeps it. Remove `$async` from the source to silence this.",
  },
} satisfies CodeTable;

declare module "../../core/diagnostic.js" {
  interface CodeTables {
    validators: typeof VALIDATOR_CODES;
  }
}
