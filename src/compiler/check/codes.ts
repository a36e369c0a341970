import type { CodeTable } from "../../core/diagnostic.js";

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
    help: "Keywords starting with `x-charter-` are charter's own, and charter knows `x-charter-name`, `x-charter-rules`, `x-charter-counterexamples`, `x-charter-ignore` and `x-charter-version`. Another one is most likely a typo, and would be silently ignored.",
  },
  referenceCycle: {
    code: "CH306",
    title: "reference cycle that never reaches a schema",
    help: "Following `$ref` from this schema leads back to it without passing through any property or item: validating a value that reaches the cycle recurses forever. It is an error, and the contract is not produced, when every value reaches it: each schema of the cycle is applied to the root's value through `$ref`, `allOf`, `anyOf`, `oneOf`, `not` and `if` alone (ajv runs every branch of an `anyOf`) (`$ref: '#/$defs/a'` with `a: {$ref: '#/$defs/b'}`, `b: {$ref: '#/$defs/a'}`). Any other cycle is a warning (ajv compiles such a schema, and public schemas hold some): one behind a property, an item, `then`, `else` or `dependentSchemas`, or in a definition the root does not apply. The contract is produced; a cycle of `$ref` alone stays an error wherever it is, since ajv cannot compile it; a value that reaches the cycle gets the runtime's cannot-judge verdict (`x-charter-too-deep`, CH804 in `charter validate`), an example that reaches it is CH702, and a named schema on the cycle has the type `unknown` (the `self-applied-schemas` repair). Make one of the schemas in the cycle say something of its own, or reference the schema that does.",
  },
  badIgnore: {
    code: "CH307",
    title: "malformed x-charter-ignore",
    help: "`x-charter-ignore` lists the lint codes (CH310 to CH319) to silence on the schema that holds it, such as `x-charter-ignore: [CH312]`. Errors cannot be silenced.",
  },
  badVersion: {
    code: "CH308",
    title: "malformed x-charter-version",
    help: "`x-charter-version`, at the root of a contract, is the contract's version as `MAJOR.MINOR.PATCH` (semantic versioning, such as `1.4.0`). `charter diff` requires a major bump (a minor bump while the major is 0) for a breaking change. A version anywhere else is an error, since only a whole contract has one.",
  },
  unreachedDangling: {
    code: "CH309",
    title: "reference that names nothing is never evaluated (warning)",
    help: "A `$ref` names a file, a fragment or a URI that charter cannot find (CH205 to CH208), but no evaluation from the root of any contract that embeds it reaches it (ajv, too, resolves only what it evaluates). The contracts are produced; in their bundles the reference becomes a schema that refuses every value, with a `$comment` naming it. A top-level definition whose evaluation reaches it gets no validator export (its examples are not checked), and its type has `unknown` there. Where evaluation from a contract's root does reach it, it is the error it names, and that contract is not produced. Fix the reference, or remove the definition that holds it.",
  },
  acceptsAnything: {
    code: "CH310",
    title: "root accepts any value (warning)",
    help: "The contract's root is `true`, `{}`, or holds only definitions and annotations, so every value satisfies the contract. Give the root a `type`, a `$ref` to the definition it means, or the constraints of the data. Silence it here with `x-charter-ignore: [CH310]` on the schema it is reported at.",
  },
  requiredNotDeclared: {
    code: "CH311",
    title: "required property cannot be present (warning)",
    help: "The object is closed (`additionalProperties: false`) and a name in `required` is neither in `properties` nor matched by `patternProperties`, so no value satisfies it. Declare the property, or fix the name. Silence it here with `x-charter-ignore: [CH311]` on the schema it is reported at.",
  },
  keywordTypo: {
    code: "CH312",
    title: "unknown keyword that looks like a typo (warning; an error under strict)",
    help: "The keyword is not a JSON Schema keyword, but is close to one (`requried`, `additonalProperties`); as written it is an annotation and constrains nothing. Fix the spelling, or prefix your own keywords with `x-`. A warning under `validation.strictness: lenient` (the default), an error under `strict`, as in ajv's strict mode, unless the key is listed in `validation.keywords`. Silence it here with `x-charter-ignore: [CH312]` on the schema it is reported at.",
  },
  otherDialect: {
    code: "CH313",
    title: "keyword of another dialect (warning)",
    help: "The keyword belongs to another version of JSON Schema than the one the source declares (`definitions` in 2020-12, array-form `items` in 2020-12, `$defs` in draft-07, `dependencies` after draft-07): it is read as the declared dialect reads it, which is usually not what was meant. Use the dialect's own keyword, or declare the dialect you write. Silence it here with `x-charter-ignore: [CH313]` on the schema it is reported at.",
  },
  ifAlone: {
    code: "CH314",
    title: "if without then or else (warning)",
    help: "`if` without `then` or `else` constrains nothing. Add the branch it should select, or remove it. Silence it here with `x-charter-ignore: [CH314]` on the schema it is reported at.",
  },
  emptyRange: {
    code: "CH315",
    title: "minimum above maximum (warning)",
    help: "A lower bound is above its upper bound (`minimum` > `maximum`, `minLength` > `maxLength`, `minItems` > `maxItems`, ...), so no value satisfies the schema. Swap or fix the bounds. Silence it here with `x-charter-ignore: [CH315]` on the schema it is reported at.",
  },
  unusedDefinition: {
    code: "CH316",
    title: "definition nothing references (warning)",
    help: "A definition below the root of a contract is referenced by no `$ref` in the sources, and only top-level definitions are exported, so it is dead text. Reference it, move it to the top-level `$defs` to export it, or delete it. Silence it here with `x-charter-ignore: [CH316]` on the schema it is reported at.",
  },
  badPattern: {
    code: "CH317",
    title: "pattern is not an ECMAScript regular expression",
    help: "A `pattern` (or a `patternProperties` key) does not compile as an ECMAScript regular expression with the `u` flag, which is how validators run it. Fix the expression. It is an error, not a lint, so it cannot be silenced: no validator can be built from the schema.",
  },
  slowPattern: {
    code: "CH318",
    title: "pattern prone to catastrophic backtracking (warning)",
    help: "The expression nests quantifiers (star height above 1, as in `(a+)+`), which safe-regex2 flags: a crafted input can make a backtracking engine such as JavaScript's RegExp run for a very long time. Set `validation.patterns: linear` for the contract: its validators then run patterns in a linear-time engine (RE2, through re2js, which the application installs), and this warning goes. Or rewrite it without nested repetition, or bound the input with `maxLength`. `charter validate` runs patterns in the linear engine by default. Silence it here with `x-charter-ignore: [CH318]` on the schema it is reported at.",
  },
  emptyAccepted: {
    code: "CH319",
    title: "empty string accepted for a required value (warning)",
    help: 'A required string property accepts `""`: its description says a value is required (or `minLength` is 0), but nothing refuses the empty string. Add `minLength: 1` (or a `pattern`). Silence it here with `x-charter-ignore: [CH319]` on the schema it is reported at.',
  },
  unknownKeyword: {
    code: "CH320",
    title: "unknown keyword under strict",
    help: "Under `validation.strictness: strict`, a key of a schema that is no JSON Schema keyword (of any dialect), not close to one (CH312 names those), not the author's own (`x-…`) and not listed in the config's `validation.keywords`. ajv's strict mode refuses such a schema: as an annotation the key constrains nothing, so it is most likely a mistake or a keyword of a vocabulary the config does not declare. Rename your own keywords with an `x-` prefix, or list the keyword: `validation: { keywords: [discriminator] }`. Under `lenient` (the default) it is an annotation and gets no message.",
  },
} satisfies CodeTable;

declare module "../../core/diagnostic.js" {
  interface CodeTables {
    check: typeof CHECK_CODES;
  }
}
