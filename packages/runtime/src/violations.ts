/** The violations the runtime reports, besides the validators' own: rules', and data too deep to judge. */

import type { ValidatorFunction, Violation, RuleFinding } from "./contract-types.js";

/** The keyword and schema location a rule's violations carry: the declaration in the contract's source. */
export const RULE_KEYWORD = "x-charter-rules";

/**
 * The keyword of the one violation reported for data too deep to judge:
 * nested deeper than `maxDepth` where the contract's schema refers back to
 * itself (found as the validator follows the data there, at the first value
 * beyond the limit, `params.limit`),
 * or, as a backstop, when the validator ran out of call stack anyway (a
 * string of megabytes under a pattern RegExp backtracks over, a limit set
 * too high, a value that reaches a schema applying itself to it): the data was not judged, which is not the same as invalid. The
 * result is `ok: false` all the same, and `isValid` is false: data nobody
 * could check is not accepted.
 */
export const TOO_DEEP_KEYWORD = "x-charter-too-deep";

/** Whether a failed check's violations say the data was too deep to judge rather than invalid. */
export function isTooDeep(errors: readonly Violation[]): boolean {
  return errors.length === 1 && errors[0]!.keyword === TOO_DEEP_KEYWORD;
}

/**
 * Whether a validator threw because it ran out of call stack: V8's and
 * JavaScriptCore's RangeError, Firefox's InternalError ("too much recursion").
 * Generated code throws nothing else on data.
 */
export function outOfStack(error: unknown): boolean {
  return error instanceof RangeError || (error instanceof Error && error.name === "InternalError");
}

export function tooDeep(): Violation[] {
  return [
    {
      pointer: "",
      keyword: TOO_DEEP_KEYWORD,
      message:
        "is too deep to judge: the validator ran out of call stack (data nested deeper than the schema can follow, a string too long for a backtracking pattern, or a value that reaches a schema applying itself to it, CH306)",
      schemaPath: "#",
      params: {},
    },
  ];
}

export function beyondLimit(pointer: string, limit: number): Violation[] {
  const message = `is nested deeper than the depth limit of ${limit} levels, so it was not judged; raise the limit with bindContracts(registry, { maxDepth }) (charter validate --max-depth N), or turn it off with maxDepth: Infinity`;
  return [{ pointer, keyword: TOO_DEEP_KEYWORD, message, schemaPath: "#", params: { limit } }];
}

/** Thrown by `assertValid`: every violation, and the digest of the schema the data was checked against. */
export class ContractViolation extends Error {
  override readonly name = "ContractViolation";
  constructor(
    readonly contract: string,
    readonly digest: string,
    readonly errors: readonly Violation[],
  ) {
    super(
      `data does not satisfy ${contract} (${errors.length} violation${errors.length === 1 ? "" : "s"}): ${errors.map((e) => `${e.pointer || "/"} ${e.message}`).join("; ")}`,
    );
  }
}

export function ruleViolation(
  rule: { readonly id: string; readonly sentence: string },
  finding: RuleFinding,
): Violation {
  return {
    pointer: finding.pointer ?? "",
    keyword: RULE_KEYWORD,
    message: finding.message ?? rule.sentence,
    schemaPath: `#/${RULE_KEYWORD}/${rule.id}`,
    params: { rule: rule.id },
  };
}

export function toViolation(error: NonNullable<ValidatorFunction["errors"]>[number]): Violation {
  return {
    pointer: error.instancePath,
    keyword: error.keyword,
    message: error.message ?? error.keyword,
    schemaPath: error.schemaPath,
    params: error.params,
  };
}

/** By place in the data, then in the schema: the same data always reports in the same order. */
export function sortViolations(violations: Violation[]): Violation[] {
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return violations.sort(
    (a, b) => compare(a.pointer, b.pointer) || compare(a.schemaPath, b.schemaPath) || compare(a.message, b.message),
  );
}
