import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach } from "vitest";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temporary directory holding `files` (relative path to content), removed after the test. */
export function tempTree(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), "charter-test-"));
  made.push(dir);
  writeTree(dir, files);
  return dir;
}

export function writeTree(dir: string, files: Record<string, string>): void {
  for (const [relative, content] of Object.entries(files)) {
    const file = path.join(dir, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
}

/** Every file under `dir` with its content, for before/after comparisons. */
export function snapshotTree(dir: string): Record<string, string> {
  const result: Record<string, string> = {};
  let entries: string[];
  try {
    entries = readdirSync(dir, { recursive: true, encoding: "utf8" });
  } catch {
    return result;
  }
  for (const entry of entries.sort()) {
    try {
      result[entry.split(path.sep).join("/")] = readFileSync(path.join(dir, entry), "utf8");
    } catch {
      // a directory
    }
  }
  return result;
}
