import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { definitionHelperName, definitionHelpers } from "../../src/targets/python/definition-helpers.js";
import { modulePaths } from "../../src/targets/python/python-names.js";
import { declaredInstances } from "./instances.js";
import { pythonWithPydantic } from "./python-env.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
const GENERATED = path.join(ROOT, "generated");
const SCRIPT = path.join(ROOT, "scripts", "bench-python", "verdicts.py");
const found = pythonWithPydantic();

describe("definition helpers' names", () => {
  it("are validate_ and the type's name in snake case, numbered where two meet", () => {
    expect(definitionHelperName("AgentProblem")).toBe("validate_agent_problem");
    expect(definitionHelperName("HTTPStatus")).toBe("validate_http_status");
    expect(definitionHelperName("Tool2Call")).toBe("validate_tool2_call");
    const helpers = definitionHelpers({ name: "c", id: "https://x/c.json", formats: false }, [
      { name: "Root", pointer: "" },
      { name: "ABTest", pointer: "/$defs/a" },
      { name: "AbTest", pointer: "/$defs/b c" },
    ]);
    expect(helpers.map((h) => h.split("(")[0])).toEqual(["def validate_ab_test", "def validate_ab_test_2"]);
    expect(helpers[1]).toContain('"https://x/c.json#/$defs/b%20c"');
  });
});

/** Every value inside `value`, itself included. */
function nested(value: unknown): unknown[] {
  if (Array.isArray(value)) return [value, ...value.flatMap(nested)];
  if (typeof value === "object" && value !== null) return [value, ...Object.values(value).flatMap(nested)];
  return [value];
}

function python(args: string[], input?: string): string {
  const run = spawnSync((found as { python: string }).python, [SCRIPT, "charter_contracts", ...args], {
    input,
    encoding: "utf8",
    env: { ...process.env, PYTHONDONTWRITEBYTECODE: "1", PYTHONPATH: path.join(GENERATED, "charter_contracts") },
  });
  if (run.status !== 0 || run.stderr !== "") throw new Error(run.stderr);
  return run.stdout;
}

/**
 * Each definition's `validate_<name>` helper of the committed package against the committed
 * validator's `validate<Name>`, on every value inside this repository's examples and
 * counterexamples: the helper agrees on each, the bare model rejects no valid one.
 */
describe.skipIf("missing" in found)(
  `definition helpers agree with ajv ${"missing" in found ? found.missing : ""}`,
  () => {
    it("on every value inside the declared instances", async () => {
      const manifest = JSON.parse(readFileSync(path.join(GENERATED, "manifest.json"), "utf8")) as {
        contracts: { name: string }[];
      };
      const paths = modulePaths(manifest.contracts.map((c) => c.name));
      const modules = [...paths].map(([contract, segments]) => ({ contract, module: segments.join(".") }));
      const helpers = JSON.parse(python(["list", ...modules.map((m) => m.module)])) as Record<
        string,
        [string, string][]
      >;
      const instances = declaredInstances(path.join(ROOT, "schema-src"));
      const cases: { module: string; helper: string; value: unknown; ajv: boolean }[] = [];
      for (const { contract, module } of modules) {
        const validators = (await import(
          pathToFileURL(path.join(GENERATED, "validators", `${contract}.js`)).href
        )) as Record<string, (data: unknown) => boolean>;
        const values = new Map<string, unknown>();
        for (const instance of instances.filter((i) => i.contract === contract))
          for (const value of nested(instance.value)) values.set(JSON.stringify(value), value);
        for (const [helper, name] of helpers[module]!) {
          const ajv = validators[`validate${name}`];
          expect(ajv, `${contract}: validate${name}`).toBeTypeOf("function");
          for (const value of values.values()) cases.push({ module, helper, value, ajv: ajv!(value) });
        }
      }
      const verdicts = python([], cases.map((c) => JSON.stringify(c)).join("\n"))
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as { model: boolean; helper: boolean });
      expect(verdicts).toHaveLength(cases.length);
      const show = (c: (typeof cases)[number]) => `${c.module}.${c.helper} ${JSON.stringify(c.value)}`;
      expect(cases.filter((c, i) => verdicts[i]!.helper !== c.ajv).map(show)).toEqual([]);
      expect(cases.filter((c, i) => c.ajv && !verdicts[i]!.model).map(show)).toEqual([]);
      // Both kinds are there, so the test can fail either way.
      expect(cases.filter((c) => c.ajv).length).toBeGreaterThan(50);
      expect(cases.filter((c) => !c.ajv).length).toBeGreaterThan(50);
      process.stdout.write(
        `python definition helpers: ${Object.values(helpers).flat().length} helpers, ${cases.length} verdicts, ${cases.filter((c) => c.ajv).length} valid\n`,
      );
    }, 180_000);
  },
);
