"""Reads cases ({"module", "value"}) as JSON lines on stdin; writes each one's verdicts as a JSON line:
the bare model's (TypeAdapter of the helper's return type, JSON mode) and the validate helper's, with the
first message of a rejection, and any other exception as such (a module that does not import, a crash)."""

import importlib
import json
import sys
from typing import Any, Dict, get_type_hints

from pydantic import TypeAdapter, ValidationError

package = sys.argv[1]
helpers = importlib.import_module(f"{package}._contract")
adapters: Dict[str, Any] = {}


def first(error: Exception) -> str:
    text = str(error).replace("\n", " ")
    return f"{type(error).__name__}: {text[:300]}"


def judge(case: Dict[str, Any]) -> Dict[str, Any]:
    try:
        module = importlib.import_module(f"{package}.{case['module']}")
        if case["module"] not in adapters:
            adapters[case["module"]] = TypeAdapter(get_type_hints(module.validate)["return"])
    except Exception as error:  # a module that does not import rejects everything: a defect
        return {"model": False, "helper": False, "modelError": "import " + first(error), "helperError": "import"}
    out: Dict[str, Any] = {}
    try:
        adapters[case["module"]].validate_json(json.dumps(case["value"]))
        out["model"] = True
    except ValidationError as error:
        out["model"] = False
        out["modelError"] = first(error)
    except Exception as error:
        out["model"] = False
        out["modelError"] = "crash " + first(error)
    try:
        module.validate(case["value"])
        out["helper"] = True
    except (ValidationError, helpers.ContractError) as error:
        out["helper"] = False
        out["helperError"] = first(error)
    except Exception as error:
        out["helper"] = False
        out["helperError"] = "crash " + first(error)
    return out


for line in sys.stdin:
    print(json.dumps(judge(json.loads(line))), flush=False)
