"""Reads cases (contract module, instance) as JSON lines on stdin; writes each one's verdicts: the bare model's and the validate helper's."""

import importlib
import json
import sys
from typing import get_type_hints

from pydantic import TypeAdapter, ValidationError

package = sys.argv[1]
helpers = importlib.import_module(f"{package}._contract")
for line in sys.stdin:
    case = json.loads(line)
    module = importlib.import_module(f"{package}.{case['module']}")
    root = get_type_hints(module.validate)["return"]
    text = json.dumps(case["value"])
    try:
        TypeAdapter(root).validate_json(text)
        model = True
    except ValidationError:
        model = False
    try:
        module.validate(case["value"])
        helper = True
    except (ValidationError, helpers.ContractError):
        helper = False
    print(json.dumps({"model": model, "helper": helper}))
