import { spawnSync } from "node:child_process";
import { readFileSync, realpathSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { tempTree } from "../helpers/temp-tree.js";

const RUNTIME = fileURLToPath(new URL("../../packages/runtime/", import.meta.url));
const SRC = path.join(RUNTIME, "src");

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
  [/^ajv(\/|$)/, "validators are precompiled, and the helpers they call are the runtime's own: ajv is 2.5 MB"],
  [/^ajv-draft-04/, "draft-04 support is part of ajv's compiler"],
  [/(^|\/)(compiler|targets|cli|repairs)\//, "the runtime imports nothing from the compiler"],
];

/** Every module specifier reachable from `file` through src/ (relative imports followed, packages listed). */
function reachable(file: string, seen = new Set<string>(), specifiers = new Set<string>()): Set<string> {
  if (seen.has(file)) return specifiers;
  seen.add(file);
  const text = readFileSync(file, "utf8");
  for (const match of text.matchAll(
    /(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g,
  )) {
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
    const entries = ["index.ts", "helpers.ts", "formats.ts", "patterns.ts"];
    const graph = entries.flatMap((entry) => [...reachable(path.join(SRC, entry))]);
    const crossings = graph.flatMap((specifier) =>
      BANNED.filter(([ban]) => ban.test(specifier)).map(([, why]) => `${specifier}: ${why}`),
    );
    expect(crossings).toEqual([]);
    // No package at all, nor a file outside the package's sources: every client installs what the runtime imports.
    expect(graph.filter((specifier) => !/^[\w-]+\.ts$/.test(specifier))).toEqual([]);
    // The linear pattern engine alone imports a package: re2js, which only its users install.
    expect([...reachable(path.join(SRC, "re2js.ts"))].filter((specifier) => !/^[\w-]+\.ts$/.test(specifier))).toEqual([
      "re2js",
    ]);
  });

  it("is a package with no dependencies (re2js an optional peer, for the linear engine), whose exports are the modules walked here", () => {
    const manifest = JSON.parse(readFileSync(path.join(RUNTIME, "package.json"), "utf8")) as Record<string, unknown>;
    for (const field of ["dependencies", "optionalDependencies", "bundleDependencies"])
      expect(manifest[field]).toBeUndefined();
    expect(manifest["peerDependencies"]).toEqual({ re2js: expect.any(String) });
    expect(manifest["peerDependenciesMeta"]).toEqual({ re2js: { optional: true } });
    expect(Object.keys(manifest["exports"] as object).sort()).toEqual([
      ".",
      "./formats",
      "./helpers",
      "./package.json",
      "./patterns",
      "./re2js",
    ]);
  });

  it("would catch a crossing", () => {
    const specifiers = ["ajv/dist/2020.js", "../compiler/compile.js", "yaml", "ajv/dist/runtime/equal.js"];
    const caught = specifiers.filter((s) => BANNED.some(([ban]) => ban.test(s.replace(/^\.\.\//, ""))));
    expect(caught).toEqual(["ajv/dist/2020.js", "../compiler/compile.js", "yaml", "ajv/dist/runtime/equal.js"]);
  });

  it("loads only the runtime package and the generated tree when a process validates with a generated tree", () => {
    // A fresh Node process (no tsx, no loader but a resolve hook that logs) binds this repository's generated
    // tree through the built runtime package, validates valid and invalid data, then the log lists every
    // module it resolved: all of them must be the runtime's, the tree's, the probe's or Node's own.
    const repo = fileURLToPath(new URL("../../", import.meta.url));
    const dir = tempTree();
    const log = path.join(dir, "resolved.log");
    writeFileSync(
      path.join(dir, "hooks.mjs"),
      [
        'import { appendFileSync } from "node:fs";',
        "export async function resolve(specifier, context, next) {",
        "  const resolved = await next(specifier, context);",
        `  appendFileSync(${JSON.stringify(log)}, resolved.url + "\\n");`,
        "  return resolved;",
        "}",
      ].join("\n"),
    );
    writeFileSync(
      path.join(dir, "register.mjs"),
      'import { register } from "node:module";\nregister("./hooks.mjs", import.meta.url);\n',
    );
    const probe = path.join(dir, "probe.mjs");
    writeFileSync(
      probe,
      [
        `const { bindContracts } = await import(${JSON.stringify(pathToFileURL(path.join(repo, "node_modules/charter-runtime/dist/esm/index.js")).href)});`,
        `const { registry } = await import(${JSON.stringify(pathToFileURL(path.join(repo, "generated/validators/index.js")).href)});`,
        // Contracts declare rules: a rule that always holds for each, as an application registers its own.
        "const rules = Object.fromEntries(Object.entries(registry).filter(([, e]) => Object.keys(e.rules).length > 0).map(([n, e]) => [n, Object.fromEntries(Object.keys(e.rules).map((id) => [id, () => true]))]));",
        "const contracts = bindContracts(registry, { rules });",
        'const verdicts0 = await contracts.isValid("agent/result", { invocation_id: "019374d2-4a1c-7b3e-8f00-2c5d6e7f8a9e", invocation_created_at: "2026-11-30T09:18:00Z", outcome: "abstained", reason_code: "busy" });',
        'const verdicts = [verdicts0, await contracts.isValid("charter/config", { out: "o" }), (await contracts.validate("charter/config", { out: 1, baseUri: "x" })).ok];',
        // Every contract's validators, so that each helper and format in use is resolved.
        "for (const name of contracts.contracts()) await contracts.load(name);",
        "console.log(JSON.stringify(verdicts));",
      ].join("\n"),
    );
    const run = spawnSync(process.execPath, ["--import", pathToFileURL(path.join(dir, "register.mjs")).href, probe], {
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toEqual([true, true, false]);
    const resolved = [...new Set(readFileSync(log, "utf8").trim().split("\n"))];
    const place = (file: string) =>
      realpathSync(file).startsWith(realpathSync(dir))
        ? `probe:${path.basename(file)}`
        : path.relative(repo, realpathSync(file));
    const places = resolved.map((url) => (url.startsWith("file:") ? place(fileURLToPath(url)) : url));
    expect(places.some((place) => place.startsWith("generated/validators/agent/"))).toBe(true);
    expect(places).toContain("packages/runtime/dist/esm/helpers.js");
    expect(places).toContain("packages/runtime/dist/esm/formats.js");
    expect(places).toContain("packages/runtime/dist/esm/patterns.js");
    // Patterns are RegExp unless the application asks for the linear engine: re2js does not load.
    expect(places.filter((place) => place.includes("re2js"))).toEqual([]);
    expect(
      places.filter((place) => !/^(packages\/runtime\/dist\/esm\/|generated\/validators\/|node:|probe:)/.test(place)),
    ).toEqual([]);
  });
});
