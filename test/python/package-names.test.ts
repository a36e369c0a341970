import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { modulePaths } from "../../src/targets/python/python-names.js";
import { runCli } from "../helpers/run-cli.js";
import { tempTree } from "../helpers/temp-tree.js";
import { pyrightErrors } from "./keyword-fixtures.js";
import { pythonWithPydantic } from "./python-env.js";

const found = pythonWithPydantic();
const OBJECT = "type: object\nproperties:\n  id: { type: string }\n";

describe("Python package and module names that would meet the package's own", () => {
  it("give contracts named like the package's modules other module names", () => {
    const paths = modulePaths(["rules", "_contract", "__init__", "_schemas/x", "a/__init__", "rules_contracts"]);
    expect(Object.fromEntries([...paths].map(([k, v]) => [k, v.join(".")]))).toEqual({
      rules: "rules_contracts",
      _contract: "_contract_contracts",
      __init__: "__init___contracts",
      "_schemas/x": "_schemas_contracts.x",
      "a/__init__": "a.__init___",
      rules_contracts: "rules_contracts_2",
    });
  });

  it("refuses a package named like a folder of the generated tree or a module it imports, in the config", async () => {
    for (const name of ["types", "schemas", "validators", "pydantic", "typing"]) {
      const dir = tempTree({
        "charter.config.yaml": `targets:\n  python:\n    package: ${name}\n`,
        "schema-src/pet.yaml": OBJECT,
      });
      const run = await runCli(["generate"], dir);
      // A config error, as every other: exit 2.
      expect(run.code).toBe(2);
      expect(run.stdout + run.stderr).toMatch(
        /^charter\.config\.yaml:3:14: error CH003 targets\.python\.package must be a Python package name .* neither a folder of the generated tree/m,
      );
    }
  });

  it.skipIf("missing" in found)(
    "works for a package named like a contract folder, beside contracts named like its modules",
    async () => {
      const dir = tempTree({
        "charter.config.yaml": "targets:\n  python:\n    package: agent\n",
        "schema-src/agent/result.yaml": `${OBJECT}  problem: { $ref: problem.yaml }\n`,
        "schema-src/agent/problem.yaml": OBJECT,
        "schema-src/rules.yaml": OBJECT,
        "schema-src/_contract.yaml": OBJECT,
        "schema-src/__init__.yaml": OBJECT,
      });
      const run = await runCli(["generate"], dir);
      expect(run.stdout + run.stderr).not.toMatch(/error/);
      expect(run.code).toBe(0);
      const packageDir = path.join(dir, "generated", "agent");
      const use = spawnSync(
        (found as { python: string }).python,
        [
          "-c",
          [
            "from agent import ContractError",
            "from agent.agent.result import validate",
            "from agent.rules_contracts import validate as rules",
            "from agent._contract_contracts import validate as contract",
            "from agent.__init___contracts import validate as init",
            "print(validate({'id': 'r', 'problem': {'id': 'p'}}).problem.id, rules({'id': 'x'}).id)",
            "print(contract({'id': 'c'}).id, init({'id': 'i'}).id)",
          ].join("\n"),
        ],
        { encoding: "utf8", env: { ...process.env, PYTHONDONTWRITEBYTECODE: "1", PYTHONPATH: packageDir } },
      );
      expect(use.stderr).toBe("");
      expect(use.stdout).toBe("p x\nc i\n");
      expect(pyrightErrors(packageDir, "agent")).toEqual([]);
    },
    120_000,
  );
});
