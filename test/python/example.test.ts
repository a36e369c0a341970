import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pythonWithPydantic } from "./python-env.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
const EXAMPLE = path.join(ROOT, "examples", "python-client");
const found = pythonWithPydantic();

function runExample(python: string, document: string): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(python, [path.join(EXAMPLE, "main.py"), document], {
    encoding: "utf8",
    env: {
      ...process.env,
      PYTHONDONTWRITEBYTECODE: "1",
      PYTHONPATH: path.join(ROOT, "generated", "charter_contracts"),
    },
  });
}

/** The Python typed client of examples/: loads an agent/result, narrows it by `outcome` with `match`. */
describe.skipIf("missing" in found)(`Python example client ${"missing" in found ? found.missing : ""}`, () => {
  const python = (found as { python: string }).python;

  it("reads the committed document and acts on its outcome", () => {
    const run = runExample(python, path.join(EXAMPLE, "result.json"));
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe("suspended until 2026-11-30T10:00:00Z: Awaiting approval\n");
    expect(run.status).toBe(0);
  });

  it("refuses a document that breaks a conditional its model cannot see, and takes each outcome to its case", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "charter-python-example-"));
    try {
      const base = {
        invocation_id: "019374d2-4a1c-7b3e-8f00-2c5d6e7f8a9b",
        invocation_created_at: "2026-11-30T09:15:00Z",
      };
      const write = (name: string, value: unknown) => {
        const file = path.join(folder, name);
        writeFileSync(file, JSON.stringify(value));
        return file;
      };
      const referred = runExample(
        python,
        write("referred.json", {
          ...base,
          outcome: "referred",
          reason_code: "out_of_scope",
          referred_to: "facilities",
        }),
      );
      expect(referred.stdout).toBe("referred to facilities: out_of_scope\n");
      // A bad uuidv7 pattern: the model has no pattern, the helper's schema check refuses it.
      const broken = runExample(
        python,
        write("broken.json", { ...base, invocation_id: "not-a-uuid", outcome: "abstained", reason_code: "x" }),
      );
      expect(broken.status).toBe(1);
      expect(broken.stderr).toContain("not an agent/result");
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
