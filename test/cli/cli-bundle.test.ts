import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, existsSync, readFileSync, symlinkSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLI_MAIN } from "../helpers/cli-entry.js";
import { REPO } from "../helpers/checkout-copy.js";
import { tempTree } from "../helpers/temp-tree.js";

/** The relative imports of a module's text, static and dynamic. */
function relativeImports(text: string): string[] {
  const found = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["'](\.{1,2}\/[^"']+)["']/g)];
  return [...new Set(found.map((match) => match[1]!))];
}

describe("the CLI's bundle (dist/cli/charter.js)", () => {
  it("imports, by their places from its own, modules that exist: the commands and the compiler it leaves out", () => {
    const imports = relativeImports(readFileSync(CLI_MAIN, "utf8"));
    // What it must leave to tsc's files: the compiler, and the commands that load it.
    expect(imports).toEqual(expect.arrayContaining(["../pipeline/compile.js", "./commands/check.js"]));
    const missing = imports.filter((specifier) => !existsSync(path.resolve(path.dirname(CLI_MAIN), specifier)));
    expect(missing).toEqual([]);
  });

  it("sees a change to any file of charter's code: the next generate computes afresh", () => {
    // A copy of the built package beside this checkout's dependencies: the test edits its code.
    const root = tempTree();
    for (const part of ["package.json", "dist", "templates"])
      cpSync(path.join(REPO, part), path.join(root, part), { recursive: true });
    symlinkSync(path.join(REPO, "node_modules"), path.join(root, "node_modules"));
    const project = tempTree({ "schema-src/order.yaml": "type: object\nproperties:\n  id: { type: string }\n" });
    const generate = () => {
      const run = spawnSync(
        process.execPath,
        [path.join(root, "dist/cli/charter.js"), "generate", "--cache-dir", "cache", "--format", "json"],
        { cwd: project, encoding: "utf8", env: { PATH: process.env["PATH"] ?? "" } },
      );
      expect(run.status, run.stderr).toBe(0);
      return (JSON.parse(run.stdout) as { cache: { hits: number; misses: number } }).cache;
    };
    expect(generate().misses).toBeGreaterThan(0);
    expect(generate()).toEqual({ hits: 1, misses: 0, kept: 0 });
    // A module the bundle does not hold (the types' target), then the bundle itself.
    for (const file of ["dist/targets/types/emit-types.js", "dist/cli/charter.js"]) {
      appendFileSync(path.join(root, file), "\n// edited\n");
      expect(generate().misses, file).toBeGreaterThan(0);
      expect(generate().misses, file).toBe(0);
    }
  });
});
