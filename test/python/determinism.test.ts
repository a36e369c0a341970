import { cpSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { spawnCli } from "../helpers/spawn-cli.js";
import { tempTree } from "../helpers/temp-tree.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
const PACKAGE = path.join("generated", "charter_contracts");

/** Every file under `dir`, relative path to bytes (as base64, for an exact comparison). */
function files(dir: string): Record<string, string> {
  const found: Record<string, string> = {};
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder).sort()) {
      const full = path.join(folder, entry);
      if (statSync(full).isDirectory()) walk(full);
      else found[path.relative(dir, full).split(path.sep).join("/")] = readFileSync(full).toString("base64");
    }
  };
  walk(dir);
  return found;
}

/** This repository's sources, config and rule hooks, copied to a fresh project. */
function project(): string {
  const dir = tempTree();
  cpSync(path.join(ROOT, "schema-src"), path.join(dir, "schema-src"), { recursive: true });
  cpSync(path.join(ROOT, "charter.config.yaml"), path.join(dir, "charter.config.yaml"));
  mkdirSync(path.join(dir, "examples", "python-client"), { recursive: true });
  cpSync(
    path.join(ROOT, "examples", "python-client", "rules.py"),
    path.join(dir, "examples", "python-client", "rules.py"),
  );
  return dir;
}

/**
 * The Python package is a function of the sources alone: two runs from different folders, time
 * zones and locales write the same bytes, which are the committed ones.
 */
describe("the Python target's output is deterministic", () => {
  it("writes byte-identical files whatever the cwd, time zone and locale", () => {
    const first = project();
    const second = project();
    mkdirSync(path.join(second, "elsewhere"));
    const a = spawnCli(["generate", "--no-cache"], { cwd: first, env: { TZ: "UTC", LANG: "C", LC_ALL: "C" } });
    expect(a.stderr).toBe("");
    const b = spawnCli(["generate", "--no-cache", "--config", "../charter.config.yaml"], {
      cwd: path.join(second, "elsewhere"),
      env: { TZ: "Pacific/Chatham", LANG: "tr_TR.UTF-8", LC_ALL: "tr_TR.UTF-8" },
    });
    expect(b.stderr).toBe("");
    expect(a.code).toBe(0);
    expect(b.code).toBe(0);
    const made = files(path.join(first, PACKAGE));
    expect(Object.keys(made).length).toBeGreaterThan(30);
    expect(files(path.join(second, PACKAGE))).toEqual(made);
    expect(made).toEqual(files(path.join(ROOT, PACKAGE)));
  }, 180_000);
});
