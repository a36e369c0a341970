import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { tempTree } from "../helpers/temp-tree.js";

const SRC = fileURLToPath(new URL("../../src/", import.meta.url));

/**
 * The runtime's import boundary, each ban with its reason. A downstream
 * service imports the runtime; none of this may come with it.
 */
const BANNED: [RegExp, string][] = [
  [/^yaml$/, "sources are parsed at generation, never at run time"],
  [/^ts-morph$/, "repairs edit generated code at generation only"],
  [/^json-schema-to-typescript$/, "types are generated, not made at run time"],
  [/^prettier$/, "formatting is a generation concern"],
  [/^typescript$/, "type checking happens at generation and in the client's build"],
  [/^ajv(\/dist\/(2019|2020|core|ajv|compile|standalone).*)?(\.js)?$/, "validators are precompiled: ajv's compiler must not load (its runtime helpers may)"],
  [/^ajv-draft-04/, "draft-04 support is part of ajv's compiler"],
  [/(^|\/)(compiler|targets|cli|repairs)\//, "the runtime imports nothing from the compiler"],
];

/** Every module specifier reachable from `file` through src/ (relative imports followed, packages listed). */
function reachable(file: string, seen = new Set<string>(), specifiers = new Set<string>()): Set<string> {
  if (seen.has(file)) return specifiers;
  seen.add(file);
  const text = readFileSync(file, "utf8");
  for (const match of text.matchAll(/(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g)) {
    const specifier = match[1] ?? match[2]!;
    if (specifier.startsWith(".")) {
      const target = path.resolve(path.dirname(file), specifier.replace(/\.js$/, ".ts"));
      specifiers.add(path.relative(SRC, target));
      reachable(target, seen, specifiers);
    } else {
      specifiers.add(specifier);
    }
  }
  return specifiers;
}

describe("the runtime's import boundary", () => {
  it("reaches none of the compiler, the code generators, or ajv's compiler", () => {
    const graph = [...reachable(path.join(SRC, "runtime/index.ts"))];
    const crossings = graph.flatMap((specifier) => BANNED.filter(([ban]) => ban.test(specifier)).map(([, why]) => `${specifier}: ${why}`));
    expect(crossings).toEqual([]);
  });

  it("would catch a crossing", () => {
    const specifiers = ["ajv/dist/2020.js", "../compiler/compile.js", "yaml", "ajv/dist/runtime/equal.js"];
    const caught = specifiers.filter((s) => BANNED.some(([ban]) => ban.test(s.replace(/^\.\.\//, ""))));
    expect(caught).toEqual(["ajv/dist/2020.js", "../compiler/compile.js", "yaml"]);
  });

  it("loads only ajv's runtime helpers and ajv-formats' formats when a process validates with a generated tree", () => {
    // A fresh process validates valid and invalid data with this repository's generated tree, then lists
    // every CommonJS module it loaded (ajv and ajv-formats are CommonJS); tsx's own loader aside.
    const repo = fileURLToPath(new URL("../../", import.meta.url));
    const probe = path.join(tempTree(), "probe.mts");
    writeFileSync(
      probe,
      [
        'import { createRequire } from "node:module";',
        `const { bindContracts } = await import(${JSON.stringify(pathToFileURL(path.join(repo, "src/runtime/index.ts")).href)});`,
        `const { registry } = await import(${JSON.stringify(pathToFileURL(path.join(repo, "generated/validators/index.js")).href)});`,
        // Contracts declare rules: an application registers them to bind the tree (the rules module imports only types).
        `const { rules } = await import(${JSON.stringify(pathToFileURL(path.join(repo, "examples/typed-client/src/rules.ts")).href)});`,
        "const contracts = bindContracts(registry, { rules });",
        'const verdicts0 = await contracts.isValid("agent/result", { invocation_id: "019374d2-4a1c-7b3e-8f00-2c5d6e7f8a9e", invocation_created_at: "2026-11-30T09:18:00Z", outcome: "abstained", reason_code: "busy" });',
        'const verdicts = [verdicts0, await contracts.isValid("charter/config", { out: "o" }), (await contracts.validate("charter/config", { out: 1, baseUri: "x" })).ok];',
        "console.log(JSON.stringify({ verdicts, loaded: Object.keys(createRequire(import.meta.url).cache) }));",
      ].join("\n"),
    );
    const tsx = pathToFileURL(path.join(repo, "node_modules/tsx/dist/loader.mjs")).href;
    const run = spawnSync(process.execPath, ["--import", tsx, probe], { encoding: "utf8", timeout: 60_000 });
    expect(run.stderr).toBe("");
    const { verdicts, loaded } = JSON.parse(run.stdout) as { verdicts: boolean[]; loaded: string[] };
    expect(verdicts).toEqual([true, true, false]);
    const packages = loaded.map((file) => path.relative(path.join(repo, "node_modules"), file)).filter((file) => !/^(tsx|esbuild)\//.test(file));
    expect(packages.length).toBeGreaterThan(0);
    expect(packages.filter((file) => !/^ajv\/dist\/runtime\/|^ajv-formats\/dist\/formats\.js$/.test(file))).toEqual([]);
  });
});
