/** One contract's validator and rules, loaded: one module that stops at the first violation or lists them, with the depth limit around it. */

import type {
  ErrorReporting,
  RegistryEntry,
  Rule,
  RuleFinding,
  ValidatorFunction,
  Violation,
} from "./contract-types.js";
import { depthGuardOf } from "./depth.js";
import { cutList, errorCapOf, withinLimit } from "./error-cap.js";
import { beyondLimit, outOfStack, ruleViolation, sortViolations, toViolation, tooDeep } from "./violations.js";

export interface BoundRule {
  id: string;
  sentence: string;
  check: Rule<unknown>;
}

const NO_VIOLATIONS: readonly Violation[] = Object.freeze([]);

/** One contract's validator and rules. */
export interface Checker {
  readonly name: string;
  readonly digest: string;
  /** Whether the schema accepts the data: the validator stops at the first violation (false also when the data is too deep or it ran out of stack). */
  accepts(data: unknown): boolean;
  /** The schema's violations of the data, none when it accepts it: every one up to `maxErrors`, or the first, as the binding reports. */
  schemaViolations(data: unknown): readonly Violation[];
  /** Violations of the rules, for data the schema accepted. */
  ruleViolations(data: unknown): readonly Violation[];
  /** Whether the contract declares rules: without any, the schema's verdict is the contract's. */
  readonly hasRules: boolean;
}

export async function loadChecker(
  name: string,
  entry: RegistryEntry<unknown, string>,
  rules: readonly BoundRule[],
  reporting: ErrorReporting,
  limit: number,
  maxErrors: number,
): Promise<Checker> {
  const module = await entry.load();
  const validate = module[entry.exportName] as ValidatorFunction | undefined;
  if (typeof validate !== "function")
    throw new Error(`the validator module of "${name}" has no export ${entry.exportName}; regenerate`);
  const guard = depthGuardOf(module);
  // Absent from a module generated before the cap: it then reports the first violation it met.
  const cap = errorCapOf(module);
  const listed = reporting === "first" ? 0 : maxErrors;
  /**
   * One call with the limits set around it (only around it: the module's functions behave as
   * ajv's all-errors function when called directly): true, or the violations.
   */
  const judge = (data: unknown, errorLimit: number): true | readonly Violation[] => {
    if (guard) guard.limit = limit;
    if (cap) {
      cap.limit = errorLimit;
      cap.nest = 0;
    }
    let valid: boolean;
    try {
      valid = validate(data);
    } catch (error) {
      // At the limit: the list of the function that reached it (with `first`, the first violation), read before the reset.
      const list = cap?.list ?? [];
      reset();
      if (guard !== undefined && error === guard) return beyondLimit(guard.at, limit);
      if (cap !== undefined && error === cap)
        return errorLimit === 0 ? list.map(toViolation) : cutList(list, errorLimit);
      if (!outOfStack(error)) throw error;
      return tooDeep();
    }
    // Reset on each way out rather than in a `finally`: on valid data, the common case, the
    // wrapper's cost is a measurable share of a small document's check.
    reset();
    if (valid) return true;
    const found = (validate.errors ?? []).map(toViolation);
    return errorLimit === 0 ? found : withinLimit(sortViolations(found), errorLimit);
  };
  const reset = () => {
    if (guard) guard.limit = Infinity;
    if (cap) {
      cap.limit = Infinity;
      cap.list = null;
      cap.nest = 0;
    }
  };
  return {
    name,
    digest: entry.digest,
    hasRules: rules.length > 0,
    accepts: (data) => judge(data, 0) === true,
    schemaViolations(data) {
      const verdict = judge(data, listed);
      return verdict === true ? NO_VIOLATIONS : verdict;
    },
    ruleViolations(data) {
      // Rules run only on data the schema accepted: they may rely on its shape.
      if (rules.length === 0) return NO_VIOLATIONS;
      const found: Violation[] = [];
      for (const rule of rules) {
        const outcome = rule.check(data);
        if (outcome === true) continue;
        if (outcome === false) found.push(ruleViolation(rule, {}));
        else if (Array.isArray(outcome))
          for (const finding of outcome as readonly RuleFinding[]) found.push(ruleViolation(rule, finding));
        else
          throw new TypeError(
            `rule ${rule.id} of ${name} returned ${typeof outcome}; a rule returns true, false or a list of findings`,
          );
      }
      return sortViolations(found);
    },
  };
}
