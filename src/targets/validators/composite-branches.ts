import type { Ajv, KeywordCxt } from "ajv";
import { _ } from "ajv/dist/compile/codegen/index.js";

/**
 * The one validator module of a contract is ajv's all-errors code, changed in
 * ajv's own code generation at the keywords whose subschemas may fail without
 * the data failing (anyOf, oneOf, contains, not, if, and propertyNames, whose
 * inner errors come with one of its own):
 *
 * - the code counts, at run time, how many such subschemas it is inside: it
 *   adds one before each and takes it off after (`<counter>.charterNest`),
 *   which the error cap reads (error-cap.ts) to stop only at an error that
 *   stands, and a function called inside one to return at its first error;
 * - the branches of anyOf, oneOf and contains stop at their first error, as in
 *   ajv's first-error code, since a branch that fails on valid data would
 *   otherwise be checked to its end (unless `everyBranchError`, for code too
 *   deeply nested to load: first-error-nesting.ts).
 *
 * A failing anyOf then lists each branch's first error rather than all of them;
 * the verdict is ajv's. The wrapping is set on this instance's own copies of
 * the keyword definitions (ajv copies each into its rules), so other instances
 * keep ajv's.
 */
const DISCARDING = ["anyOf", "oneOf", "contains", "not", "if", "propertyNames"] as const;
const FIRST_ERROR_BRANCHES = new Set<string>(["anyOf", "oneOf", "contains"]);

/** The prefix of the counter's name in ajv's code: the one ajv reserves for a user keyword's values. */
const COUNTER_PREFIX = "obj";
/** How ajv's standalone code declares the counter (the error cap finds it by this line). */
export const COUNTER_DECLARATION = /^const (obj\d+) = \{charterNest: 0\};$/m;

type KeywordCode = (cxt: KeywordCxt, ruleType?: string) => void;

export function countCompositeBranches(ajv: Ajv, everyBranchError: boolean): void {
  const counter = { charterNest: 0 };
  const rules = (ajv as unknown as { RULES: { all: Record<string, { definition?: { code: KeywordCode } }> } }).RULES
    .all;
  for (const keyword of DISCARDING) {
    const definition = rules[keyword]?.definition;
    if (!definition) continue;
    const code = definition.code;
    const firstError = !everyBranchError && FIRST_ERROR_BRANCHES.has(keyword);
    definition.code = (cxt, ruleType) => {
      const nest = cxt.gen.scopeValue(COUNTER_PREFIX, { ref: counter, code: _`{charterNest: 0}` });
      const subschema = cxt.subschema.bind(cxt);
      // Only the subschemas whose errors may be dropped: `then`/`else` of an `if` are not.
      cxt.subschema = (args, valid) => {
        if (args.compositeRule !== true) return subschema(args, valid);
        cxt.gen.code(_`${nest}.charterNest++`);
        const context = subschema(firstError ? { ...args, allErrors: false } : args, valid);
        cxt.gen.code(_`${nest}.charterNest--`);
        return context;
      };
      code.call(definition, cxt, ruleType);
    };
  }
}
