// What an agent result says, read through its generated type.
import type { AgentResult } from "#contracts/types/index.js";

/**
 * One line per result. The switch is exhaustive over the outcome vocabulary: a new outcome in
 * agent/result makes this function fail to compile until it says what that outcome means.
 * The contract guarantees which members each outcome carries (a payload exactly when
 * succeeded, and so on), so a member the outcome implies is read without a fallback.
 */
export function describeResult(result: AgentResult): string {
  const review = result.requires_human_review ? ", needs a person's review" : "";
  switch (result.outcome) {
    case "succeeded":
      return `succeeded with payload members ${Object.keys(result.payload!).sort().join(", ") || "(none)"}${review}`;
    case "abstained":
      return `abstained (${result.reason_code!})${review}`;
    case "referred":
      return `referred to ${result.referred_to!} (${result.reason_code!})${review}`;
    case "failed":
      return `failed: ${result.problem!.title}${review}`;
    case "suspended":
      return `suspended until ${result.resume_after!}: ${result.problem!.title}${review}`;
    default: {
      const unknown: never = result.outcome;
      throw new Error(`unknown outcome ${String(unknown)}`);
    }
  }
}
