import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { pythonWithPydantic } from "./python-env.js";

const found = pythonWithPydantic();
// This repository's own package: its _numbers.py is what the target writes.
const PACKAGE = fileURLToPath(new URL("../../generated/charter_contracts/", import.meta.url));

/** JsonInt's verdict on each JSON text: the value it reads, or the error's kind. */
function verdicts(python: string, texts: readonly string[]): string[] {
  const script = [
    "import json, sys",
    "from pydantic import TypeAdapter, ValidationError",
    "from charter_contracts._numbers import JsonInt",
    "adapter = TypeAdapter(JsonInt)",
    "for text in json.load(sys.stdin):",
    "    try:",
    "        print(repr(adapter.validate_json(text)))",
    "    except ValidationError:",
    "        print('invalid')",
  ].join("\n");
  const run = spawnSync(python, ["-c", script], {
    input: JSON.stringify(texts),
    encoding: "utf8",
    env: { ...process.env, PYTHONPATH: PACKAGE, PYTHONDONTWRITEBYTECODE: "1" },
  });
  expect(run.stderr).toBe("");
  return run.stdout.trim().split("\n");
}

describe.skipIf("missing" in found)(
  `JSON Schema's integer in the models (${"missing" in found ? found.missing : "python3"})`,
  () => {
    it("reads numbers as ajv does: no fraction, no string or boolean, an integer past every double refused, not thrown", () => {
      const python = (found as { python: string }).python;
      const huge = "1" + "0".repeat(400);
      expect(verdicts(python, ["1", "1.0", "1e20", "1.5", "true", '"1"', huge, "-" + huge, "1e400"])).toEqual([
        "1",
        "1",
        "100000000000000000000",
        "invalid",
        "invalid",
        "invalid",
        "invalid",
        "invalid",
        "invalid",
      ]);
    });
  },
);
