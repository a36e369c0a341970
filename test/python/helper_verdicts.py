"""Lists the definition helpers of modules, or judges instances by them.

`list MODULE...` prints {module: [[helper, type name], ...]} for every `validate_*` helper.
`judge` reads JSON lines {module, helper, value} on stdin and prints each one's verdicts:
the bare model's (`TypeAdapter(...).validate_json`) and the helper's.
"""

import importlib
import inspect
import json
import sys
from typing import get_type_hints

from pydantic import TypeAdapter, ValidationError

package = sys.argv[1]
if sys.argv[2] == "list":
    found = {}
    for name in sys.argv[3:]:
        module = importlib.import_module(f"{package}.{name}")
        found[name] = [
            [helper, function.__annotations__["return"]]
            for helper, function in inspect.getmembers(module, inspect.isfunction)
            if helper.startswith("validate_") and function.__module__ == module.__name__
        ]
    print(json.dumps(found))
    sys.exit(0)

errors = importlib.import_module(f"{package}._contract").ContractError
for line in sys.stdin:
    case = json.loads(line)
    helper = getattr(importlib.import_module(f"{package}.{case['module']}"), case["helper"])
    try:
        TypeAdapter(get_type_hints(helper)["return"]).validate_json(json.dumps(case["value"]))
        model = True
    except ValidationError:
        model = False
    try:
        helper(case["value"])
        judged = True
    except (ValidationError, errors):
        judged = False
    print(json.dumps({"model": model, "helper": judged}))
