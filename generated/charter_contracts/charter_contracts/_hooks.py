# Copied by charter from examples/python-client/rules.py (targets.python.rules): edit that file, then run `charter generate`.
"""The rules the reference contracts declare under `x-charter-rules` and JSON Schema cannot state.

The Python twins of examples/typed-client/src/rules.ts. charter copies this file into the
generated package (charter.config.yaml, `targets.python.rules`), whose `validate` helpers run
each hook on the value the contract's model read, once the schema has accepted it.
"""

from __future__ import annotations

from datetime import datetime

from charter_contracts.agent.result import AgentResult, AgentResultSuspended
from charter_contracts.problems.contract import ProblemContract
from charter_contracts.rules import RuleFinding, rule


def _instant(text: str) -> datetime:
    """An RFC 3339 date-time (the schema's `format: date-time`) as an aware datetime."""
    return datetime.fromisoformat(text[:-1] + "+00:00" if text[-1:] in ("Z", "z") else text)


@rule("agent/result", "resume-after-creation")
def resume_after_creation(result: AgentResult) -> list[RuleFinding]:
    """A suspended invocation may not resume before it was created: one finding, at `resume_after`."""
    if not isinstance(result, AgentResultSuspended):
        return []
    if _instant(result.resume_after) > _instant(result.invocation_created_at):
        return []
    return [RuleFinding(pointer="/resume_after")]


@rule("problems/contract", "unique-case-ids")
def unique_case_ids(contract: ProblemContract) -> list[RuleFinding]:
    """Reference case ids are unique: one finding at each repeat, naming the first use."""
    first: dict[str, int] = {}
    findings: list[RuleFinding] = []
    for index, case in enumerate(contract.reference_cases):
        earlier = first.setdefault(case.id, index)
        if earlier != index:
            findings.append(
                RuleFinding(
                    pointer=f"/reference_cases/{index}/id",
                    message=f'reference case id "{case.id}" is already used by /reference_cases/{earlier}',
                )
            )
    return findings
