/**
 * The error cap: how many violations a check lists. The generated validator
 * would otherwise collect one per offending value (a million unexpected keys,
 * a million error objects, about 180 MB) for every request that sends them;
 * with a cap, it stops collecting past the limit (error-cap.ts of the
 * compiler), and the list ends with one marker violation, ERRORS_CUT_KEYWORD.
 * A limit of 0 stops it at the first violation (`errors: "first"`, and
 * `isValid`). The verdict never depends on the cap.
 */

import type { ValidatorFunction, Violation } from "./contract-types.js";
import { sortViolations, toViolation } from "./violations.js";

/** Enough to fix a document by; small enough that a hostile request costs a service little. */
export const DEFAULT_MAX_ERRORS = 100;

/** The keyword of the violation that ends a list cut at the limit (`params.limit`). */
export const ERRORS_CUT_KEYWORD = "x-charter-errors-cut";

/** What a generated module exports as `__charterErrors`: the limit it checks, the list it stopped with, and how deep it is in subschemas whose errors may be dropped. */
export interface ErrorCap {
  limit: number;
  list: NonNullable<ValidatorFunction["errors"]> | null;
  nest: number;
}

/** The `maxErrors` option, checked: a positive integer, or Infinity for every violation; undefined is the default. */
export function errorLimit(option: unknown): number {
  if (option === undefined) return DEFAULT_MAX_ERRORS;
  if (option === Infinity || (typeof option === "number" && Number.isSafeInteger(option) && option > 0)) return option;
  const shown =
    typeof option === "number" ? String(option) : typeof option === "string" ? JSON.stringify(option) : typeof option;
  throw new TypeError(
    `charter runtime: maxErrors must be a positive integer (violations listed) or Infinity (every one), got ${shown}`,
  );
}

/** The module's error cap, or undefined for a module generated before it. */
export function errorCapOf(module: Record<string, unknown>): ErrorCap | undefined {
  const cap = module["__charterErrors"] as ErrorCap | undefined;
  return typeof cap === "object" && cap !== null && typeof cap.limit === "number" ? cap : undefined;
}

/** Whether a failed check's list was cut at the limit (its last violation is the marker). */
export function isCut(errors: readonly Violation[]): boolean {
  return errors.length > 0 && errors[errors.length - 1]!.keyword === ERRORS_CUT_KEYWORD;
}

/** The first `limit` violations of the list the validator stopped with, in order, and the marker. */
export function cutList(list: NonNullable<ErrorCap["list"]>, limit: number): Violation[] {
  return [...sortViolations(list.slice(0, limit).map(toViolation)), cutMarker(limit)];
}

/** A list the validator gave whole (a module generated before the cap): at most `limit` violations and the marker. */
export function withinLimit(violations: Violation[], limit: number): Violation[] {
  return violations.length <= limit ? violations : [...violations.slice(0, limit), cutMarker(limit)];
}

function cutMarker(limit: number): Violation {
  return {
    pointer: "",
    keyword: ERRORS_CUT_KEYWORD,
    message: `has more than ${limit} violations; the list stops here (bindContracts(registry, { maxErrors }) sets the limit, Infinity lists every one)`,
    schemaPath: "#",
    params: { limit },
  };
}
