import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pythonWithPydantic } from "./python-env.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
const PACKAGE_DIR = path.join(ROOT, "generated", "charter_contracts", "charter_contracts");
const EXAMPLE_DIR = path.join(ROOT, "examples", "python-client");
const PYRIGHT = path.join(ROOT, "node_modules", "pyright", "index.js");
const found = pythonWithPydantic();

interface PyrightReport {
  summary: { filesAnalyzed: number; errorCount: number };
  generalDiagnostics: { file: string; message: string; range: { start: { line: number } } }[];
}

/** pyright in strict mode on the committed package: it must find pydantic, so it runs where the Python tests do. */
describe.skipIf("missing" in found)(`pyright strict ${"missing" in found ? found.missing : ""}`, () => {
  it("reports no error on the generated package and the Python example", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "charter-pyright-"));
    try {
      const config = path.join(folder, "pyrightconfig.json");
      writeFileSync(config, JSON.stringify({ typeCheckingMode: "strict", extraPaths: [path.dirname(PACKAGE_DIR)] }));
      const run = spawnSync(process.execPath, [PYRIGHT, "-p", config, "--outputjson", PACKAGE_DIR, EXAMPLE_DIR], {
        encoding: "utf8",
        env: { ...process.env, PYTHONDONTWRITEBYTECODE: "1" },
      });
      const report = JSON.parse(run.stdout) as PyrightReport;
      const errors = report.generalDiagnostics.map(
        (d) => `${path.relative(ROOT, d.file)}:${d.range.start.line + 1}: ${d.message}`,
      );
      expect(errors).toEqual([]);
      expect(report.summary.errorCount).toBe(0);
      expect(report.summary.filesAnalyzed).toBeGreaterThan(15);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
