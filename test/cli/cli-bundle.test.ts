import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, existsSync, readdirSync, readFileSync, symlinkSync } from "node:fs";
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

/** The bundled files of the CLI (scripts/bundle-cli.mjs): charter.js, the compiler's entries and their shared chunks. */
function bundledFiles(): string[] {
  const dir = path.dirname(CLI_MAIN);
  return readdirSync(dir)
    .filter((name) => name === "charter.js" || /^charter-(lazy|chunk)-.*\.js$/.test(name))
    .map((name) => path.join(dir, name));
}

describe("the CLI's bundle (dist/cli/charter.js and the compiler's, charter-lazy-*)", () => {
  it("imports, by their places from its own, modules that exist: the compiler's bundle and the commands it leaves out", () => {
    const imports = relativeImports(readFileSync(CLI_MAIN, "utf8"));
    expect(imports).toEqual(
      expect.arrayContaining([
        "./charter-lazy-pipeline-compile.js",
        "./charter-lazy-cli-commands-check.js",
        "./commands/explain.js",
      ]),
    );
    const missing = bundledFiles().flatMap((file) =>
      relativeImports(readFileSync(file, "utf8"))
        .filter((specifier) => !existsSync(path.resolve(path.dirname(file), specifier)))
        .map((specifier) => `${path.basename(file)}: ${specifier}`),
    );
    expect(missing).toEqual([]);
  });

  it("gives each bundled module the place tsc wrote it to: the files found from there exist", () => {
    const places = bundledFiles().flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/new URL\("([^"]+)", import\.meta\.url\)\.href/g)].map((m) => m[1]!),
    );
    // The worker threads' entries and the templates are found from the modules that start or read them.
    expect(places).toEqual(
      expect.arrayContaining(["../tasks/run-tasks.js", "../targets/validators/emit-validators.js"]),
    );
    const missing = places.filter((place) => !existsSync(path.resolve(path.dirname(CLI_MAIN), place)));
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
    // A module no bundle holds (a worker thread's task), the compiler's bundle, then the CLI's.
    for (const file of [
      "dist/targets/validators/compile-validator.js",
      "dist/cli/charter-lazy-pipeline-compile.js",
      "dist/cli/charter.js",
    ]) {
      appendFileSync(path.join(root, file), "\n// edited\n");
      expect(generate().misses, file).toBeGreaterThan(0);
      expect(generate().misses, file).toBe(0);
    }
  });
});
