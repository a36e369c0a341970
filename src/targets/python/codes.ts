import type { CodeTable } from "../../core/diagnostic.js";

/** Findings of the Python target: the hooks of the declared rules (rule-hooks.ts). */
export const PYTHON_CODES = {
  missingHook: {
    code: "CH620",
    title: "declared rule without a Python hook",
    help: 'The Python target runs a contract\'s declared rules (`x-charter-rules`) in its `validate` helpers, as the runtime does in its own, so every declared rule needs a Python function: in the file `targets.python.rules` names, decorate it with `@rule("<contract>", "<rule-id>")` (imported from `<package>.rules`). It takes the value the contract\'s model read and returns `True`, `False` or a list of `RuleFinding`s. The package is not written until every declared rule has one.',
  },
  badHook: {
    code: "CH621",
    title: "Python rule hook charter cannot match",
    help: 'charter reads the hooks file (`targets.python.rules`) without running it: each top-level `@rule("<contract>", "<rule-id>")` must name, in plain string literals on one line, a rule the contract declares under `x-charter-rules`, once. A hook for a rule no contract declares, a second hook for one rule, a decorator it cannot read, or a hooks file it cannot read is refused, and the package is not written.',
  },
} satisfies CodeTable;

declare module "../../core/diagnostic.js" {
  interface CodeTables {
    python: typeof PYTHON_CODES;
  }
}
