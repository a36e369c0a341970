/** What each implementation made of a test group, in a shape both sides share. */

/**
 * The answer for one test's data: a verdict, or why there is none. `refused`:
 * the schema did not compile (charter's diagnostics, or ajv's exception);
 * `crashed`: validating the data threw.
 */
export type Verdict = "valid" | "invalid" | "refused" | "crashed";

export interface GroupOutcome {
  /** One per test of the group, in order. */
  verdicts: Verdict[];
  /** Why the schema did not compile (one line per diagnostic or exception), when it did not. */
  refusal?: string[];
  /** Stack traces of exceptions (the compiler's, or a validator's), where a diagnostic was due. */
  crashes: string[];
}

export function passes(verdict: Verdict, valid: boolean): boolean {
  return verdict === (valid ? "valid" : "invalid");
}

export function describeError(error: unknown): string {
  return error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
}
