import { spawnSync } from "node:child_process";

/** The Python the tests run: `python3` with pydantic v2, or why there is none (the tests then skip, saying so). */
export function pythonWithPydantic(): { python: string } | { missing: string } {
  const python = process.env["CHARTER_PYTHON"] ?? "python3";
  const probe = spawnSync(python, ["-c", "import pydantic, sys; sys.stdout.write(pydantic.VERSION)"], {
    encoding: "utf8",
  });
  if (probe.error !== undefined) return { missing: `${python} not found: the Python target's tests skip` };
  if (probe.status !== 0 || !probe.stdout.startsWith("2."))
    return { missing: `${python} has no pydantic v2: the Python target's tests skip (pip install "pydantic>=2.7")` };
  return { python };
}
