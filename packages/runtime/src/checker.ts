/** One contract's validators and rules, loaded: the fast check, the all-errors one, the depth limit around both. */

import type {
  ErrorReporting,
  RegistryEntry,
  Rule,
  RuleFinding,
  ValidatorFunction,
  Violation,
} from "./contract-types.js";
import { depthGuardOf, type DepthGuard } from "./depth.js";
import { cutList, errorCapOf, withinLimit, type ErrorCap } from "./error-cap.js";
import { beyondLimit, outOfStack, ruleViolation, sortViolations, toViolation, tooDeep } from "./violations.js";

export interface BoundRule {
  id: string;
  sentence: string;
  check: Rule<unknown>;
}

const NO_VIOLATIONS: readonly Violation[] = Object.freeze([]);

/** One contract's validators and rules; `schemaViolations` needs `loadAll` first. */
export interface Checker {
  readonly name: string;
  readonly digest: string;
  /** The fast validator: false also when the data is too deep or it ran out of stack (then `firstViolations` says so). */
  fast(data: unknown): boolean;
  loadAll(): Promise<void>;
  /** Violations of data the fast validator just refused: every one with the all-errors validator loaded, else the first. */
  schemaViolations(data: unknown): readonly Violation[];
  /** The violation the fast validator stopped at, read right after it ran (synchronously). */
  firstViolations(): readonly Violation[];
  /** Violations of the rules, for data the schema accepted. */
  ruleViolations(data: unknown): readonly Violation[];
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
  const fast = module[entry.exportName] as ValidatorFunction | undefined;
  if (typeof fast !== "function")
    throw new Error(`the validator module of "${name}" has no export ${entry.exportName}; regenerate`);
  const fastGuard = depthGuardOf(module);
  let all: ValidatorFunction | undefined;
  let allGuard: DepthGuard | undefined;
  let allCap: ErrorCap | undefined;
  let allLoading: Promise<void> | undefined;
  // Whether the fast validator's last call ran out of stack, and where it met data too deep
  // for the limit; read synchronously after the call.
  let overflowed = false;
  let tooDeepAt: string | undefined;
  return {
    name,
    digest: entry.digest,
    fast(data) {
      overflowed = false;
      tooDeepAt = undefined;
      // Set around the call only: the module's functions behave as ajv's when called directly.
      if (fastGuard) fastGuard.limit = limit;
      try {
        return fast(data);
      } catch (error) {
        if (fastGuard !== undefined && error === fastGuard) tooDeepAt = fastGuard.at;
        else if (outOfStack(error)) overflowed = true;
        else throw error;
        return false;
      } finally {
        if (fastGuard) fastGuard.limit = Infinity;
      }
    },
    loadAll() {
      if (reporting === "first") return Promise.resolve();
      allLoading ??= entry.loadAllErrors().then((module) => {
        all = module[entry.exportName] as ValidatorFunction;
        allGuard = depthGuardOf(module);
        allCap = errorCapOf(module);
      });
      return allLoading;
    },
    firstViolations: () =>
      tooDeepAt !== undefined
        ? beyondLimit(tooDeepAt, limit)
        : overflowed
          ? tooDeep()
          : (fast.errors ?? []).map(toViolation),
    schemaViolations(data) {
      // `first`, or the all-errors module not loaded: the violation the fast validator stopped at
      // (callers return `firstViolations` themselves when that says the data was too deep).
      if (!all) return (fast.errors ?? []).map(toViolation);
      if (allGuard) allGuard.limit = limit;
      if (allCap) allCap.limit = maxErrors;
      try {
        all(data);
      } catch (error) {
        if (allGuard !== undefined && error === allGuard) return beyondLimit(allGuard.at, limit);
        if (allCap !== undefined && error === allCap) return cutList(allCap.list ?? [], maxErrors);
        if (!outOfStack(error)) throw error;
        return tooDeep();
      } finally {
        if (allGuard) allGuard.limit = Infinity;
        if (allCap) {
          allCap.limit = Infinity;
          allCap.list = null;
        }
      }
      return withinLimit(sortViolations((all.errors ?? []).map(toViolation)), maxErrors);
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
