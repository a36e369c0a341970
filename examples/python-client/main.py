"""A typed client of agent/result: load a document, check it, and act on its outcome.

Run from this folder with the generated package importable:
  PYTHONPATH=../../generated/charter_contracts python3 main.py result.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from charter_contracts import (
    AgentResult,
    AgentResultAbstained,
    AgentResultFailed,
    AgentResultReferred,
    AgentResultSucceeded,
    AgentResultSuspended,
    ContractError,
)
from charter_contracts.agent.result import validate
from pydantic import ValidationError


def describe(result: AgentResult) -> str:
    """One line per outcome; each case sees only the members its outcome carries."""
    match result:
        case AgentResultSucceeded(payload=payload):
            return f"succeeded with {len(payload)} payload members"
        case AgentResultAbstained(reason_code=code):
            return f"abstained: {code}"
        case AgentResultReferred(reason_code=code, referred_to=to):
            return f"referred to {to}: {code}"
        case AgentResultFailed(problem=problem):
            return f"failed: {problem.title}"
        case AgentResultSuspended(problem=problem, resume_after=when):
            return f"suspended until {when}: {problem.title}"


def main(path: str) -> int:
    document: object = json.loads(Path(path).read_text(encoding="utf-8"))
    try:
        result = validate(document)
    except (ValidationError, ContractError) as error:
        print(f"{path}: not an agent/result: {error}", file=sys.stderr)
        return 1
    print(describe(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
