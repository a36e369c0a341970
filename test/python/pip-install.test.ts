import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pythonWithPydantic } from "./python-env.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
const found = pythonWithPydantic();

/** Debian's python3-wheel-whl: the wheel package as a wheel file, which pip installs without an index. */
const DEBIAN_WHEELS = "/usr/share/python-wheels";

/**
 * What an offline build of the package needs beside pydantic: setuptools, and wheel (setuptools
 * before 70.1 builds no wheel without it), either in the interpreter or as Debian's wheel file,
 * installed into the fresh environment first (`.ci/run` installs python3-wheel-whl). `undefined`
 * and the reason to skip when there is neither.
 */
function offlineBackend(python: string): { wheelFile?: string } | string {
  if (spawnSync(python, ["-c", "import setuptools, pip"]).status !== 0)
    return `${python} lacks pip or setuptools (the offline build backend): skipped`;
  if (spawnSync(python, ["-c", "import wheel"]).status === 0) return {};
  const file = existsSync(DEBIAN_WHEELS)
    ? readdirSync(DEBIAN_WHEELS).find((f) => /^wheel-.*\.whl$/.test(f))
    : undefined;
  return file !== undefined
    ? { wheelFile: path.join(DEBIAN_WHEELS, file) }
    : `${python} lacks wheel, and ${DEBIAN_WHEELS} has no wheel file (Debian's python3-wheel-whl): skipped`;
}

const backend = "missing" in found ? found.missing : offlineBackend(found.python);
const missing = typeof backend === "string" ? backend : undefined;

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
      const { wheelFile } = backend as { wheelFile?: string };
      if (wheelFile !== undefined) {
        const wheel = spawnSync(path.join(bin, "python"), ["-m", "pip", "install", "--no-index", wheelFile], {
          encoding: "utf8",
          env,
        });
        expect(wheel.status, wheel.stderr).toBe(0);
      }
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
