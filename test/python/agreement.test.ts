import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { modulePaths } from "../../src/targets/python/python-names.js";
import { declaredInstances } from "./instances.js";
import { VERDICTS } from "./keyword-fixtures.js";
import { pythonWithPydantic } from "./python-env.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
const GENERATED = path.join(ROOT, "generated");
const PACKAGE = "charter_contracts";
const found = pythonWithPydantic();

/**
 * Every example and counterexample of this repository through the committed Python package:
 * the bare model (`model_validate_json`) and the `validate` helper, against the committed ajv
 * validator's verdict. The helper must agree on every one; the model must accept every valid one.
 */
describe.skipIf("missing" in found)(
  `Python models agree with the committed validators ${"missing" in found ? found.missing : ""}`,
  () => {
    it("agrees on every declared instance", async () => {
      const manifest = JSON.parse(readFileSync(path.join(GENERATED, "manifest.json"), "utf8")) as {
        contracts: { name: string }[];
      };
      const paths = modulePaths(manifest.contracts.map((c) => c.name));
      const cases = declaredInstances(path.join(ROOT, "schema-src")).filter((c) => paths.has(c.contract));
      const ajv: boolean[] = [];
      for (const c of cases) {
        const module = (await import(pathToFileURL(path.join(GENERATED, "validators", `${c.contract}.js`)).href)) as {
          validate: (data: unknown) => boolean;
        };
        ajv.push(module.validate(c.value));
      }
      const input = cases
        .map((c) => JSON.stringify({ module: paths.get(c.contract)!.join("."), value: c.value }))
        .join("\n");
      const run = spawnSync((found as { python: string }).python, [VERDICTS, PACKAGE], {
        input,
        encoding: "utf8",
        cwd: path.join(GENERATED, PACKAGE),
        env: { ...process.env, PYTHONDONTWRITEBYTECODE: "1", PYTHONPATH: path.join(GENERATED, PACKAGE) },
      });
      expect(run.stderr).toBe("");
      const verdicts = run.stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as { model: boolean; helper: boolean });
      expect(verdicts).toHaveLength(cases.length);
      const disagreements = cases.flatMap((c, i) =>
        verdicts[i]!.helper === ajv[i]
          ? []
          : [`${c.contract} ${c.declared}: helper ${verdicts[i]!.helper}, ajv ${ajv[i]}`],
      );
      expect(disagreements).toEqual([]);
      const unsound = cases.flatMap((c, i) =>
        ajv[i] && !verdicts[i]!.model ? [`${c.contract}: ${JSON.stringify(c.value)}`] : [],
      );
      expect(unsound).toEqual([]);
      const invalid = cases.flatMap((_, i) => (ajv[i] ? [] : [verdicts[i]!.model]));
      process.stdout.write(
        `python: ${cases.length} declared instances, ${invalid.length} invalid, the bare models reject ${invalid.filter((v) => !v).length}\n`,
      );
      // Both kinds are there, so the test can fail either way.
      expect(ajv.filter((v) => v).length).toBeGreaterThan(20);
      expect(ajv.filter((v) => !v).length).toBeGreaterThan(20);
    }, 120_000);
  },
);
