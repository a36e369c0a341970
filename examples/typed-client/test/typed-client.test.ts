import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { ProblemContract } from "#contracts/types/index.js";
import { contracts } from "../src/contracts.js";
import { judgeCases } from "../src/judge-cases.js";
import { readDocument } from "../src/read-document.js";

const HERE = fileURLToPath(new URL("..", import.meta.url));
const DATA = path.join(HERE, "data");
const TSX = fileURLToPath(new URL("../../../node_modules/tsx/dist/cli.mjs", import.meta.url));

/** The client as a person runs it, from the data folder: `typed-client ARGS...`. */
function typedClient(...args: string[]) {
  const run = spawnSync(
    process.execPath,
    [TSX, "--tsconfig", path.join(HERE, "tsconfig.json"), path.join(HERE, "src/main.ts"), ...args],
    { cwd: DATA, encoding: "utf8", timeout: 60_000 },
  );
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

async function problem(file: string): Promise<ProblemContract> {
  const read = await readDocument(path.join(DATA, file));
  if (!read.ok) throw new Error(read.message);
  return contracts.assertValid("problems/contract", read.data);
}

describe("typed-client results", () => {
  it("says what each valid result means and locates each violation in the file", () => {
    const run = typedClient(
      "results",
      "results/succeeded.json",
      "results/referred.yaml",
      "results/failed-with-payload.json",
      "results/suspended-too-early.yaml",
    );
    expect(run.stdout).toBe(
      [
        "results/succeeded.json: succeeded with payload members category, urgency",
        "results/referred.yaml: referred to facilities (out_of_scope), needs a person's review",
        "2 of 4 files passed",
        "",
      ].join("\n"),
    );
    expect(run.stderr).toBe(
      [
        // A payload on a failed outcome, shown where it was written; `false` where only true may stand.
        'results/failed-with-payload.json:1:1: error / must match "else" schema (if)',
        "results/failed-with-payload.json:5:14: error /payload must not be present (false schema)",
        "results/failed-with-payload.json:7:28: error /requires_human_review must be equal to constant (const)",
        // Schema-valid, refused by the rule the contract declares and this client registers.
        "results/suspended-too-early.yaml:9:15: error /resume_after A suspended invocation's `resume_after` is later than its `invocation_created_at`. (x-charter-rules)",
        "",
      ].join("\n"),
    );
    expect(run.status).toBe(1);
  });

  it("exits 0 when every file passes, and 2 with its usage when there is nothing to check or an option is unknown", () => {
    expect(typedClient("results", "results/succeeded.json").status).toBe(0);
    const usage = typedClient("results");
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/^usage: typed-client results FILE\.\.\./);
    const unknown = typedClient("results", "--frob", "results/succeeded.json");
    expect([unknown.status, unknown.stderr.split("\n")[0]]).toEqual([
      2,
      expect.stringMatching(/^typed-client: Unknown option '--frob'/),
    ]);
  });

  it("reports a file it cannot read and goes on with the others", () => {
    const run = typedClient("results", "results/missing.json", "results/succeeded.json");
    expect(run.stderr).toBe("results/missing.json:1:1: error cannot read the file (ENOENT)\n");
    expect(run.stdout).toBe(
      "results/succeeded.json: succeeded with payload members category, urgency\n1 of 2 files passed\n",
    );
    expect(run.status).toBe(1);
  });

  it("locates a document that does not parse, YAML or JSON", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "typed-client-"));
    writeFileSync(path.join(dir, "broken.yaml"), "outcome: succeeded\npayload: { a: 1\n");
    // YAML would take the trailing comma; JSON does not, and says where.
    writeFileSync(path.join(dir, "broken.json"), '{\n  "outcome": "succeeded",\n}\n');
    const run = spawnSync(
      process.execPath,
      [
        TSX,
        "--tsconfig",
        path.join(HERE, "tsconfig.json"),
        path.join(HERE, "src/main.ts"),
        "results",
        "broken.yaml",
        "broken.json",
      ],
      { cwd: dir, encoding: "utf8", timeout: 60_000 },
    );
    expect(run.stderr.split("\n").map((line) => line.split(": error")[0])).toEqual([
      "broken.yaml:3:1",
      "broken.json:3:1",
      "",
    ]);
    expect(run.status).toBe(1);
  });
});

describe("typed-client problems", () => {
  it("judges every reference case of both families as the case expects", () => {
    const run = typedClient("problems", "problems/argmin/contract.yaml", "problems/sum/contract.yaml");
    expect(run.stdout).toBe(
      [
        "problems/argmin/contract.yaml: argmin (argmin, dataset-backed)",
        '  ok   unique-minimum: complete {"objective_gap":0}',
        '  ok   later-tied-minimum: invalid {"objective_gap":0}',
        '  ok   first-tied-minimum: complete {"objective_gap":0}',
        "problems/sum/contract.yaml: sum (sum, dataset-free)",
        '  ok   exact: complete {"absolute_error":0}',
        '  ok   off-by-one: incomplete {"absolute_error":1}',
        '  ok   past-double: incomplete {"absolute_error":1}',
        '  ok   overflowed: invalid {"absolute_error":0}',
        "2 of 2 files passed",
        "",
      ].join("\n"),
    );
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });

  it("refuses a contract whose family's semantics, timing scopes or result schema are wrong, and one that repeats a case id", () => {
    const run = typedClient(
      "problems",
      "problems/invalid/argmin-with-sum-rules.yaml",
      "problems/invalid/repeated-case.yaml",
    );
    const lines = run.stderr.trim().split("\n");
    expect(lines).toEqual(
      expect.arrayContaining([
        'problems/invalid/argmin-with-sum-rules.yaml:10:15: error /semantics/validity must NOT have additional properties: "answer_range" (additionalProperties)',
        "problems/invalid/argmin-with-sum-rules.yaml:10:13: error /semantics/validity must have required property 'tie_break' (required)",
        "problems/invalid/argmin-with-sum-rules.yaml:12:16: error /timing_scopes must NOT have duplicate items (items ## 0 and 1 are identical) (uniqueItems)",
        "problems/invalid/argmin-with-sum-rules.yaml:7:16: error /result_schema must NOT be valid (not)",
        'problems/invalid/repeated-case.yaml:16:11: error /reference_cases/1/id reference case id "exact" is already used by /reference_cases/0 (x-charter-rules)',
      ]),
    );
    expect(run.stdout).toBe("0 of 2 files passed\n");
    expect(run.status).toBe(1);
  });

  it("fails a later tied minimum on its semantics although its gap is 0, and would pass it under tie_break any", async () => {
    const argmin = await problem("problems/argmin/contract.yaml");
    // The family narrows the contract's type, and so the semantics the spread below may change.
    if (argmin.family !== "argmin") throw new Error(`expected an argmin problem, got ${argmin.family}`);
    const strict = await judgeCases(argmin, DATA);
    expect(strict.find((j) => j.id === "later-tied-minimum")).toEqual({
      id: "later-tied-minimum",
      verdict: "invalid",
      metrics: { objective_gap: 0 },
      disagreements: [],
    });
    const lenient = await judgeCases(
      { ...argmin, semantics: { ...argmin.semantics, validity: { tie_break: "any", index_base: 0 } } },
      DATA,
    );
    expect(lenient.find((j) => j.id === "later-tied-minimum")).toEqual({
      id: "later-tied-minimum",
      verdict: "complete",
      metrics: { objective_gap: 0 },
      disagreements: ["verdict complete, expected invalid"],
    });
  });

  it("judges sums exactly beyond 2^53 and at the int64 bounds", async () => {
    const sum = await problem("problems/sum/contract.yaml");
    const judged = Object.fromEntries((await judgeCases(sum, DATA)).map((j) => [j.id, [j.verdict, j.metrics]]));
    // 9007199254740993 + 0 answered as 9007199254740992: a double would call it exact.
    expect(judged["past-double"]).toEqual(["incomplete", { absolute_error: 1n }]);
    // 2^63 - 1 + 1, answered exactly: one past int64's maximum.
    expect(judged["overflowed"]).toEqual(["invalid", { absolute_error: 0n }]);
  });

  it("reports a case it cannot judge instead of stopping", async () => {
    const sum = await problem("problems/sum/contract.yaml");
    const [first] = sum.reference_cases;
    const [missing, withoutParameters] = await judgeCases(
      {
        ...sum,
        reference_cases: [
          { ...first, result: "problems/sum/reference/none.result.json" },
          {
            id: "defaults",
            result: first.result,
            expected_metrics: first.expected_metrics,
            expected_verdict: "complete",
          },
        ],
      },
      DATA,
    );
    expect(missing?.disagreements).toEqual([
      "cannot judge: problems/sum/reference/none.result.json:1:1: cannot read the file (ENOENT)",
    ]);
    expect(withoutParameters?.disagreements).toEqual(["cannot judge: the case names no parameters"]);
  });

  it("reports a case whose expected metrics disagree with what the judge measures", async () => {
    const sum = await problem("problems/sum/contract.yaml");
    const [exact] = await judgeCases(
      {
        ...sum,
        reference_cases: [
          { ...sum.reference_cases[0], expected_metrics: "problems/sum/reference/off-by-one.metrics.json" },
        ],
      },
      DATA,
    );
    expect(exact?.disagreements).toEqual(['metrics {"absolute_error":0}, expected {"absolute_error":1}']);
  });
});
