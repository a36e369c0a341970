// What an agent result says, read through its generated type.
import type { AgentResult } from "#contracts/types/index.js";

/**
 * One line per result. The switch is exhaustive over the outcome vocabulary: a new outcome in
 * agent/result makes this function fail to compile until it says what that outcome means.
 * The generated type is a union discriminated by `outcome`: each case narrows `result` to the
 * members that outcome carries (a payload exactly when succeeded, and so on), so they are read
 * with neither a fallback nor a non-null assertion, and a member the outcome forbids
 * (`result.payload` after `case "failed":`) is typed `undefined`.
 */
export function describeResult(result: AgentResult): string {
  const review = result.requires_human_review ? ", needs a person's review" : "";
  switch (result.outcome) {
    case "succeeded":
      return `succeeded with payload members ${Object.keys(result.payload).sort().join(", ") || "(none)"}${review}`;
    case "abstained":
      return `abstained (${result.reason_code})${review}`;
    case "referred":
      return `referred to ${result.referred_to} (${result.reason_code})${review}`;
    case "failed":
      return `failed: ${result.problem.title}${review}`;
    case "suspended":
      return `suspended until ${result.resume_after}: ${result.problem.title}${review}`;
    default: {
      const unknown: never = result;
      throw new Error(`unknown outcome ${String((unknown as AgentResult).outcome)}`);
    }
  }
}
