import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkHooks, readHookDecorators } from "../../src/targets/python/rule-hooks.js";
import { runCli } from "../helpers/run-cli.js";
import { tempTree } from "../helpers/temp-tree.js";
import { declaredInstances } from "./instances.js";
import { pythonWithPydantic } from "./python-env.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
const found = pythonWithPydantic();

const PET = [
  "type: object",
  "required: [born, seen]",
  "properties:",
  "  born: { type: integer }",
  "  seen: { type: integer }",
  "x-charter-rules:",
  "  seen-after-birth: A pet is seen after it is born.",
  "",
].join("\n");
const CONFIG = "targets:\n  python:\n    package: pets\n    rules: hooks/rules.py\n";
const HOOKS = [
  "from __future__ import annotations",
  "",
  "from pets.pet import Pet",
  "from pets.rules import rule",
  "",
  "",
  '@rule("pet", "seen-after-birth")',
  "def seen_after_birth(pet: Pet) -> bool:",
  "    return pet.seen > pet.born",
  "",
].join("\n");

describe("Python hooks of declared rules, read without running Python", () => {
  it("reads top-level @rule decorators, and flags those it cannot read", () => {
    const text = [
      '@rule("agent/result", "resume-after-creation")',
      "@rule('a', 'b',)  # trailing comma and comment",
      "    @rule('nested', 'ignored')",
      "@rule(CONTRACT, 'x')",
      "@ruler('not', 'ours')",
    ].join("\n");
    expect(readHookDecorators(text)).toEqual({
      hooks: [
        { contract: "agent/result", id: "resume-after-creation", line: 1, column: 1 },
        { contract: "a", id: "b", line: 2, column: 1 },
      ],
      malformed: [4],
    });
  });

  it("wants one hook per declared rule, and none for a rule no contract declares", () => {
    const contracts = [
      {
        name: "pet",
        rules: new Map([
          ["a", "A."],
          ["b", "B."],
        ]),
        placeOf: (id: string) => ({ file: "pet.yaml", pointer: `/x-charter-rules/${id}` }),
      },
    ];
    const hooksFile = { file: "/p/rules.py", shown: "rules.py" };
    const text = ['@rule("pet", "a")', '@rule("pet", "a")', '@rule("pet", "c")', '@rule("cat", "a")'].join("\n");
    const found = checkHooks(contracts, hooksFile, text).map((d) => `${d.code} ${d.line ?? ""} ${d.message}`);
    expect(found).toEqual([
      'CH621 2 rule "a" of pet has a hook already',
      'CH621 3 pet declares no rule "c" (it declares a, b)',
      'CH621 4 "cat" is no contract of the package that declares rules (x-charter-rules)',
      'CH620  rule "b" of pet has no Python hook: add @rule("pet", "b") to a function of rules.py',
    ]);
    expect(checkHooks(contracts, hooksFile, '@rule("pet", "a")\n@rule("pet", "b")\n')).toEqual([]);
  });
});

describe("generating the Python target of contracts with declared rules", () => {
  it("fails at the rule's declaration when its hook is missing, and writes no package", async () => {
    const dir = tempTree({
      "schema-src/pet.yaml": PET,
      "charter.config.yaml": CONFIG,
      "hooks/rules.py": "# no hooks yet\n",
    });
    const run = await runCli(["generate"], dir);
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toContain(
      'schema-src/pet.yaml:7:3: error CH620 rule "seen-after-birth" of pet has no Python hook: add @rule("pet", "seen-after-birth") to a function of hooks/rules.py',
    );
    expect(existsSync(path.join(dir, "generated", "pets"))).toBe(false);
  });

  it("fails without a hooks file configured, and when the configured one cannot be read", async () => {
    const bare = tempTree({
      "schema-src/pet.yaml": PET,
      "charter.config.yaml": "targets: { python: { package: pets } }\n",
    });
    const unset = await runCli(["generate"], bare);
    expect(unset.code).toBe(1);
    expect(unset.stdout + unset.stderr).toMatch(
      /^schema-src\/pet\.yaml:7:3: error CH620 .*set targets\.python\.rules/m,
    );
    const gone = tempTree({ "schema-src/pet.yaml": PET, "charter.config.yaml": CONFIG });
    const missing = await runCli(["generate"], gone);
    expect(missing.code).toBe(1);
    expect(missing.stdout + missing.stderr).toMatch(
      /^hooks\/rules\.py: error CH621 cannot read the rule hooks file hooks\/rules\.py/m,
    );
  });

  it("ships the hooks in the package, and the validate helper runs them", async () => {
    const dir = tempTree({ "schema-src/pet.yaml": PET, "charter.config.yaml": CONFIG, "hooks/rules.py": HOOKS });
    const run = await runCli(["generate"], dir);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const copy = readFileSync(path.join(dir, "generated", "pets", "pets", "_hooks.py"), "utf8");
    expect(copy).toBe(
      `# Copied by charter from hooks/rules.py (targets.python.rules): edit that file, then run \`charter generate\`.\n${HOOKS}`,
    );
    // An edited hooks file is drift: `check` covers the copy.
    const check = await runCli(["check"], dir);
    expect(check.code).toBe(0);
    writeFileSync(path.join(dir, "hooks", "rules.py"), HOOKS.replace("pet.seen > pet.born", "pet.seen >= pet.born"));
    const drift = await runCli(["check"], dir);
    expect(drift.code).toBe(1);
    expect(drift.stdout + drift.stderr).toContain("pets/pets/_hooks.py");
    writeFileSync(path.join(dir, "hooks", "rules.py"), HOOKS);
    if ("missing" in found) return;
    const verdicts = spawnSync(
      found.python,
      [
        "-c",
        [
          "from pets import ContractError",
          "from pets.pet import validate",
          "print(validate({'born': 1, 'seen': 2}).seen)",
          "try:",
          "    validate({'born': 2, 'seen': 1})",
          "except ContractError as error:",
          "    print(error.messages)",
        ].join("\n"),
      ],
      {
        encoding: "utf8",
        env: { ...process.env, PYTHONDONTWRITEBYTECODE: "1", PYTHONPATH: path.join(dir, "generated", "pets") },
      },
    );
    expect(verdicts.stderr).toBe("");
    expect(verdicts.stdout).toBe("2\n[': A pet is seen after it is born. (seen-after-birth)']\n");
  });
});

describe.skipIf("missing" in found)(`this repository's rule hooks ${"missing" in found ? found.missing : ""}`, () => {
  it("refuse what the TypeScript rules refuse, with their findings' places", () => {
    const script = [
      "from charter_contracts import ContractError",
      "from charter_contracts.agent.result import validate as result",
      "from charter_contracts.problems.contract import validate as contract",
      "import json, sys",
      "cases = json.load(sys.stdin)",
      "for check, value in ((result, cases['result']), (contract, cases['contract'])):",
      "    try:",
      "        check(value)",
      "        print('kept')",
      "    except ContractError as error:",
      "        print(json.dumps(error.messages))",
    ].join("\n");
    const result = {
      invocation_id: "019374d2-4a1c-7b3e-8f00-2c5d6e7f8a9b",
      invocation_created_at: "2026-11-30T09:15:00Z",
      outcome: "suspended",
      problem: { type: "about:blank", title: "Wait", status: 503 },
      resume_after: "2026-11-30T09:15:00+00:00",
    };
    const contract = parseContract();
    contract.reference_cases.push({ ...contract.reference_cases[0]! });
    const run = spawnSync((found as { python: string }).python, ["-c", script], {
      input: JSON.stringify({ result, contract }),
      encoding: "utf8",
      env: {
        ...process.env,
        PYTHONDONTWRITEBYTECODE: "1",
        PYTHONPATH: path.join(ROOT, "generated", "charter_contracts"),
      },
    });
    expect(run.stderr).toBe("");
    const repeat = contract.reference_cases.length - 1;
    expect(
      run.stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual([
      [
        "resume_after: A suspended invocation's `resume_after` is later than its `invocation_created_at`. (resume-after-creation)",
      ],
      [
        `reference_cases/${repeat}/id: reference case id "${contract.reference_cases[0]!.id}" is already used by /reference_cases/0 (unique-case-ids)`,
      ],
    ]);
  });
});

/** The first example of problems/contract, a valid one. */
function parseContract(): { reference_cases: { id: string }[] } {
  const example = declaredInstances(path.join(ROOT, "schema-src")).find(
    (c) => c.contract === "problems/contract" && c.declared === "example",
  )!;
  return structuredClone(example.value) as { reference_cases: { id: string }[] };
}
