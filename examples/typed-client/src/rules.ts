// The rules the reference contracts declare under `x-charter-rules` and JSON Schema cannot
// state. They run through the runtime after the schema has accepted the data, so each may
// rely on the data's generated type.
import type { RuleFinding } from "charter-runtime";
import type { AgentResult, ProblemContract } from "#contracts/types/index.js";

/** A suspended invocation may not resume before it was created: one finding, at `resume_after`. */
export function resumeAfterCreation(result: AgentResult): RuleFinding[] {
  if (result.resume_after === undefined || Date.parse(result.resume_after) > Date.parse(result.invocation_created_at))
    return [];
  return [{ pointer: "/resume_after" }];
}

/** Reference case ids are unique: one finding at each repeat, naming the first use. */
export function uniqueCaseIds(contract: ProblemContract): RuleFinding[] {
  const first = new Map<string, number>();
  const findings: RuleFinding[] = [];
  contract.reference_cases.forEach((referenceCase, index) => {
    const earlier = first.get(referenceCase.id);
    if (earlier === undefined) first.set(referenceCase.id, index);
    else
      findings.push({
        pointer: `/reference_cases/${index}/id`,
        message: `reference case id "${referenceCase.id}" is already used by /reference_cases/${earlier}`,
      });
  });
  return findings;
}

/** Every rule of the reference contracts, in the shape `bindContracts` takes. */
export const rules = {
  "agent/result": { "resume-after-creation": resumeAfterCreation },
  "problems/contract": { "unique-case-ids": uniqueCaseIds },
} as const;
