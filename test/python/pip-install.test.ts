import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pythonWithPydantic } from "./python-env.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
const found = pythonWithPydantic();

/** What an offline build of the package needs beside pydantic: setuptools and wheel in the interpreter, so that no index is asked. */
function offlineBackend(python: string): string | undefined {
  const probe = spawnSync(python, ["-c", "import pip, setuptools, wheel"], { encoding: "utf8" });
  return probe.status === 0
    ? undefined
    : `${python} lacks pip, setuptools or wheel (the offline build backend): skipped`;
}

const missing = "missing" in found ? found.missing : offlineBackend(found.python);

/** `pip install` of the committed package into a fresh virtual environment, with no index at all. */
describe.skipIf(missing !== undefined)(`pip install of the Python package ${missing ?? ""}`, () => {
  it("installs without an index and validates from the installed copy", () => {
    const python = (found as { python: string }).python;
    const folder = mkdtempSync(path.join(tmpdir(), "charter-pip-"));
    try {
      const source = path.join(folder, "src");
      cpSync(path.join(ROOT, "generated", "charter_contracts"), source, { recursive: true });
      const venv = path.join(folder, "venv");
      // pydantic comes from the interpreter's own packages: the package's one dependency, never downloaded.
      expect(spawnSync(python, ["-m", "venv", "--system-site-packages", venv]).status).toBe(0);
      const bin = path.join(venv, process.platform === "win32" ? "Scripts" : "bin");
      const env = { ...process.env, PYTHONDONTWRITEBYTECODE: "1", PIP_NO_INDEX: "1" };
      const install = spawnSync(
        path.join(bin, "python"),
        ["-m", "pip", "install", "--no-index", "--no-build-isolation", "--no-deps", source],
        { encoding: "utf8", env },
      );
      expect(install.stderr).not.toMatch(/error/i);
      expect(install.status).toBe(0);
      const use = spawnSync(
        path.join(bin, "python"),
        [
          "-c",
          "from charter_contracts.agent.problem import validate; " +
            "print(validate({'type': 'about:blank', 'title': 'Gone', 'status': 410}).title)",
        ],
        { encoding: "utf8", env, cwd: folder },
      );
      expect(use.stderr).toBe("");
      expect(use.stdout).toBe("Gone\n");
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 180_000);
});
