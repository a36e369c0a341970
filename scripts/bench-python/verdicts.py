"""Judges instances by a generated package's models and helpers: the one script of the Python target's tests and bench.

`verdicts.py PACKAGE` reads JSON lines {"module", "value"} (and "helper": a `validate_*` definition helper's
name; `validate` when absent) on stdin, and writes one JSON line for each: the bare model's verdict
(TypeAdapter of the helper's return type, JSON mode) and the helper's, with the first message of a
rejection, and any other exception as such (a module that does not import, a crash).

`verdicts.py PACKAGE list MODULE...` prints {module: [[helper, type name], ...]} for every `validate_*` helper.
"""

import importlib
import inspect
import json
import sys
from typing import Any, Callable, Dict, Tuple, get_type_hints

from pydantic import TypeAdapter, ValidationError

package = sys.argv[1]
helpers = importlib.import_module(f"{package}._contract")
adapters: Dict[Tuple[str, str], Tuple[Callable[[Any], Any], Any]] = {}


def first(error: Exception) -> str:
    text = str(error).replace("\n", " ")
    return f"{type(error).__name__}: {text[:300]}"


def listed(modules: list) -> Dict[str, Any]:
    found: Dict[str, Any] = {}
    for name in modules:
        module = importlib.import_module(f"{package}.{name}")
        found[name] = [
            [helper, function.__annotations__["return"]]
            for helper, function in inspect.getmembers(module, inspect.isfunction)
            if helper.startswith("validate_") and function.__module__ == module.__name__
        ]
    return found


def judge(case: Dict[str, Any]) -> Dict[str, Any]:
    key = (case["module"], case.get("helper", "validate"))
    try:
        if key not in adapters:
            function = getattr(importlib.import_module(f"{package}.{key[0]}"), key[1])
            adapters[key] = (function, TypeAdapter(get_type_hints(function)["return"]))
    except Exception as error:  # a module that does not import rejects everything: a defect
        return {"model": False, "helper": False, "modelError": "import " + first(error), "helperError": "import"}
    function, adapter = adapters[key]
    out: Dict[str, Any] = {}
    try:
        adapter.validate_json(json.dumps(case["value"]))
        out["model"] = True
    except ValidationError as error:
        out["model"] = False
        out["modelError"] = first(error)
    except Exception as error:
        out["model"] = False
        out["modelError"] = "crash " + first(error)
    try:
        function(case["value"])
        out["helper"] = True
    except (ValidationError, helpers.ContractError) as error:
        out["helper"] = False
        out["helperError"] = first(error)
    except Exception as error:
        out["helper"] = False
        out["helperError"] = "crash " + first(error)
    return out


if len(sys.argv) > 2 and sys.argv[2] == "list":
    print(json.dumps(listed(sys.argv[3:])))
    sys.exit(0)
for line in sys.stdin:
    print(json.dumps(judge(json.loads(line))), flush=False)
