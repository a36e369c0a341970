import { fileURLToPath } from "node:url";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { spawnCli } from "../helpers/spawn-cli.js";
import { snapshotTree, tempTree } from "../helpers/temp-tree.js";

const REPO = fileURLToPath(new URL("../..", import.meta.url));

const ORDERS = {
  "schema-src/order.yaml": `
type: object
required: [id, lines]
additionalProperties: false
properties:
  id: { type: string, minLength: 3 }
  lines: { type: array, items: { $ref: "#/$defs/line" } }
$defs:
  line:
    type: object
    required: [sku, qty]
    properties:
      sku: { type: string }
      qty: { type: integer, minimum: 1 }
x-charter-rules:
  unique-skus: Each sku appears on one line only.
`,
  "data/good.yaml": "id: A-100\nlines:\n  - { sku: x, qty: 2 }\n",
  "data/bad.yaml": "id: A1\nlines:\n  - sku: x\n    qty: 0\n  - qty: 1\ncolour: red\n",
  "data/line.json": '{"sku": "x", "qty": 5}',
  "data/broken.yaml": "id: [unclosed\n",
};

describe("charter validate", () => {
  it("checks YAML and JSON files with the generated validators, each violation located in the file", async () => {
    // A real process, with the output directory outside any project: ajv resolves from charter's own installation.
    const dir = tempTree(ORDERS);
    expect(spawnCli(["generate"], { cwd: dir }).code).toBe(0);
    const result = spawnCli(["validate", "order", "data/good.yaml", "data/bad.yaml"], { cwd: dir });
    expect(result.stdout).toBe(
      [
        "data/bad.yaml:1:5: error CH801 /id: must NOT have fewer than 3 characters [minLength at #/properties/id/minLength]",
        "    1 | id: A1",
        "      |     ^",
        "data/bad.yaml:4:10: error CH801 /lines/0/qty: must be >= 1 [minimum at #/$defs/line/properties/qty/minimum]",
        "    4 |     qty: 0",
        "      |          ^",
        "data/bad.yaml:5:5: error CH801 /lines/1: must have required property 'sku' [required at #/$defs/line/required]",
        "    5 |   - qty: 1",
        "      |     ^",
        'data/bad.yaml:6:1: error CH801 /: must NOT have additional properties: "colour" [additionalProperties at #/additionalProperties]',
        "    6 | colour: red",
        "      | ^",
        "charter validate: 1 of 2 files satisfy order (" + result.stdout.match(/sha256:[0-9a-f]{64}/)![0] + ")",
        "",
      ].join("\n"),
    );
    expect(result.stderr).toBe(
      "charter: warning CH803 order declares rules that only the application can run (unique-skus); checked the schema only\n",
    );
    expect(result.code).toBe(1);
    expect(spawnCli(["validate", "order", "data/good.yaml"], { cwd: dir }).code).toBe(0);
  });

  it("lists a file's findings by line, then column, not by pointer; the JSON output in the same order", async () => {
    const dir = tempTree({
      "schema-src/form.yaml": `
type: object
properties:
  a: { type: integer }
  m: { enum: [x, y] }
  pair: { properties: { x: { type: string }, y: { type: string } } }
  z: { type: string, minLength: 3, pattern: "^[A-Z]" }
`,
      // Written z, a, m, pair (y before x): the runtime's pointer order is /a, /m, /pair/x, /pair/y, /z.
      "data/form.yaml": "z: ab\na: one\nm: q\npair: { y: 1, x: 2 }\n",
    });
    expect((await runCli(["generate"], dir)).code).toBe(0);
    (await import("node:fs")).symlinkSync(path.join(REPO, "node_modules"), path.join(dir, "node_modules"));
    const text = await runCli(["validate", "form", "data/form.yaml"], dir);
    expect(text.code).toBe(1);
    // Two findings at one place (z's minLength and pattern) keep the runtime's order.
    expect(text.stdout.split("\n").filter((l) => l.startsWith("data/"))).toEqual([
      "data/form.yaml:1:4: error CH801 /z: must NOT have fewer than 3 characters [minLength at #/properties/z/minLength]",
      'data/form.yaml:1:4: error CH801 /z: must match pattern "^[A-Z]" [pattern at #/properties/z/pattern]',
      "data/form.yaml:2:4: error CH801 /a: must be integer [type at #/properties/a/type]",
      'data/form.yaml:3:4: error CH801 /m: must be equal to one of the allowed values: "x", "y" [enum at #/properties/m/enum]',
      "data/form.yaml:4:12: error CH801 /pair/y: must be string [type at #/properties/pair/properties/y/type]",
      "data/form.yaml:4:18: error CH801 /pair/x: must be string [type at #/properties/pair/properties/x/type]",
    ]);
    const json = JSON.parse((await runCli(["validate", "form", "data/form.yaml", "--format", "json"], dir)).stdout);
    expect(
      json.results[0].errors.map(
        (e: { line: number; column: number; pointer: string; keyword: string }) =>
          `${e.line}:${e.column} ${e.pointer} ${e.keyword}`,
      ),
    ).toEqual([
      "1:4 /z minLength",
      "1:4 /z pattern",
      "2:4 /a type",
      "3:4 /m enum",
      "4:12 /pair/y type",
      "4:18 /pair/x type",
    ]);
  });

  it("shows a window of a long line around the place, not the whole line", async () => {
    const dir = tempTree(ORDERS);
    expect((await runCli(["generate"], dir)).code).toBe(0);
    (await import("node:fs")).symlinkSync(path.join(REPO, "node_modules"), path.join(dir, "node_modules"));
    // Minified: one line of 3,000 characters, the violation in the middle.
    const lines = Array.from(
      { length: 60 },
      (_, i) => `{"sku":"s${String(i).padStart(20, "0")}","qty":${i === 30 ? 0 : 1}}`,
    );
    const result = await runCli(["validate", "order", "-"], dir, `{"id":"A-100","lines":[${lines.join(",")}]}`);
    const [, excerpt, caret] = result.stdout.split("\n");
    expect(excerpt!.length).toBeLessThan(140);
    expect(excerpt).toMatch(/^ {4}1 \| ….*"qty":0.*…$/);
    // The caret stands under the 0.
    expect(excerpt![caret!.indexOf("^")]).toBe("0");
  });

  it("stops at once on SIGTERM while it waits for standard input", async () => {
    const { spawn } = await import("node:child_process");
    const dir = tempTree(ORDERS);
    expect((await runCli(["generate"], dir)).code).toBe(0);
    (await import("node:fs")).symlinkSync(path.join(REPO, "node_modules"), path.join(dir, "node_modules"));
    const tsx = new URL("../../node_modules/tsx/dist/loader.mjs", import.meta.url).href;
    const child = spawn(
      process.execPath,
      ["--import", tsx, path.join(REPO, "src/cli/main.ts"), "validate", "order", "-"],
      { cwd: dir, stdio: ["pipe", "pipe", "pipe"] },
    );
    const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      child.on("exit", (code, signal) => resolve([code, signal])),
    );
    // Standard input stays open: the CLI waits for it, as in `slow-producer | charter validate order -`.
    await new Promise((r) => setTimeout(r, 3000));
    child.kill("SIGTERM");
    expect(await exited).toEqual([null, "SIGTERM"]);
  });

  it("leaves out ajv's if summary where the then or else finding says what is wrong, and keeps it in JSON", async () => {
    const dir = tempTree({
      "schema-src/pay.yaml":
        "type: object\nproperties:\n  kind: { enum: [card, cash] }\n  cvc: { type: string }\nif: { properties: { kind: { const: card } } }\nthen: { required: [cvc] }\n",
    });
    expect((await runCli(["generate"], dir)).code).toBe(0);
    (await import("node:fs")).symlinkSync(path.join(REPO, "node_modules"), path.join(dir, "node_modules"));
    const text = await runCli(["validate", "pay", "-"], dir, "kind: card\n");
    expect(text.stdout.split("\n").filter((l) => l.startsWith("<stdin>"))).toEqual([
      "<stdin>:1:1: error CH801 /: must have required property 'cvc' [required at #/then/required]",
    ]);
    const json = JSON.parse((await runCli(["validate", "pay", "-", "--format", "json"], dir, "kind: card\n")).stdout);
    expect(json.results[0].errors.map((e: { keyword: string }) => e.keyword)).toEqual(["if", "required"]);
    // Still left out when the then finding is on a later line than the summary, which file order puts first.
    const later = tempTree({
      "schema-src/pay.yaml":
        "type: object\nif: { properties: { kind: { const: card } } }\nthen: { properties: { cvc: { minLength: 3 } } }\n",
    });
    expect((await runCli(["generate"], later)).code).toBe(0);
    (await import("node:fs")).symlinkSync(path.join(REPO, "node_modules"), path.join(later, "node_modules"));
    const deeper = await runCli(["validate", "pay", "-"], later, "kind: card\ncvc: '12'\n");
    expect(deeper.stdout.split("\n").filter((l) => l.startsWith("<stdin>"))).toEqual([
      "<stdin>:2:6: error CH801 /cvc: must NOT have fewer than 3 characters [minLength at #/then/properties/cvc/minLength]",
    ]);
    const deeperJson = JSON.parse(
      (await runCli(["validate", "pay", "-", "--format", "json"], later, "kind: card\ncvc: '12'\n")).stdout,
    );
    expect(
      deeperJson.results[0].errors.map((e: { line: number; keyword: string }) => `${e.line} ${e.keyword}`),
    ).toEqual(["1 if", "2 minLength"]);
  });

  it("reads standard input for -, as YAML or JSON, shown as <stdin>", async () => {
    const dir = tempTree(ORDERS);
    expect((await runCli(["generate"], dir)).code).toBe(0);
    (await import("node:fs")).symlinkSync(path.join(REPO, "node_modules"), path.join(dir, "node_modules"));
    const yaml = await runCli(["validate", "order", "-"], dir, "id: A1\nlines: []\n");
    expect(yaml.stdout.split("\n").slice(0, 3)).toEqual([
      "<stdin>:1:5: error CH801 /id: must NOT have fewer than 3 characters [minLength at #/properties/id/minLength]",
      "    1 | id: A1",
      "      |     ^",
    ]);
    expect(yaml.code).toBe(1);
    expect((await runCli(["validate", "order", "-"], dir, '{"id": "A-100", "lines": []}')).code).toBe(0);
  });

  it("says a forbidden member must not be present, and points the schema location at the false subschema itself", async () => {
    const dir = tempTree({
      "schema-src/item.yaml": "type: object\nproperties:\n  legacy_id: false\n",
      "data/item.yaml": "name: x\nlegacy_id: 7\n",
    });
    expect((await runCli(["generate"], dir)).code).toBe(0);
    (await import("node:fs")).symlinkSync(path.join(REPO, "node_modules"), path.join(dir, "node_modules"));
    const result = await runCli(["validate", "item", "data/item.yaml"], dir);
    expect(result.stdout.split("\n")[0]).toBe(
      "data/item.yaml:2:12: error CH801 /legacy_id: must not be present [false schema at #/properties/legacy_id]",
    );
    expect(result.code).toBe(1);
  });

  it("checks an exported definition by its pointer, and reports one JSON result per file", async () => {
    const dir = tempTree(ORDERS);
    expect((await runCli(["generate"], dir)).code).toBe(0);
    // In-process, the generated modules resolve ajv through a link, as in a project that depends on charter.
    (await import("node:fs")).symlinkSync(path.join(REPO, "node_modules"), path.join(dir, "node_modules"));
    const result = await runCli(
      [
        "validate",
        "order#/$defs/line",
        "data/line.json",
        "data/good.yaml",
        "data/broken.yaml",
        "data/missing.json",
        "--format",
        "json",
      ],
      dir,
    );
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as {
      ok: boolean;
      contract: string;
      digest: string;
      rulesNotChecked: string[];
      results: {
        file: string;
        ok: boolean;
        errors: { pointer: string; keyword: string; line?: number }[];
        diagnostics: { code: string; line?: number }[];
      }[];
    };
    expect(report).toMatchObject({ ok: false, contract: "order#/$defs/line", rulesNotChecked: [] });
    expect(report.digest).toMatch(/^sha256:/);
    expect(
      report.results.map((r) => [
        r.file,
        r.ok,
        r.errors.map((e) => `${e.line} ${e.pointer} ${e.keyword}`),
        r.diagnostics.map((d) => `${d.line} ${d.code}`),
      ]),
    ).toEqual([
      ["data/line.json", true, [], []],
      ["data/good.yaml", false, ["1  required", "1  required"], []],
      ["data/broken.yaml", false, [], ["2 CH102"]],
      ["data/missing.json", false, [], ["undefined CH802"]],
    ]);
  });

  it("refuses data that is not UTF-8 or nested beyond reading, located; a file it cannot read makes exit 1 whatever else", async () => {
    const dir = tempTree(ORDERS);
    expect((await runCli(["generate"], dir)).code).toBe(0);
    (await import("node:fs")).symlinkSync(path.join(REPO, "node_modules"), path.join(dir, "node_modules"));
    (await import("node:fs")).writeFileSync(
      path.join(dir, "data/latin1.yaml"),
      Buffer.from([...Buffer.from("id: caf"), 0xe9, 0x0a]),
    );
    (await import("node:fs")).writeFileSync(path.join(dir, "data/deep.json"), "[".repeat(20_000) + "]".repeat(20_000));
    const result = await runCli(["validate", "order", "data/latin1.yaml", "data/deep.json"], dir);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("data/latin1.yaml:1:8: error CH113 the file is not UTF-8");
    expect(result.stdout).toContain("data/deep.json:1:502: error CH111 nested more than 500 levels deep");
  });

  it("tells data too deep to judge from invalid data: its own message and exit 3, the JSON result not judged", async () => {
    // Each level of the data goes through a hundred validator functions: a few hundred levels run out of stack.
    const chain = Array.from({ length: 99 }, (_, i) => `  a${i}: { type: array, $ref: "#/$defs/a${i + 1}" }`).join(
      "\n",
    );
    const dir = tempTree({
      "schema-src/nest.yaml": `$ref: "#/$defs/a0"\n$defs:\n${chain}\n  a99: { type: array, items: { $ref: "#/$defs/a0" } }\n`,
      "schema-src/any.yaml": "{}\n",
      "data/shallow.json": "[[[]]]",
      "data/bad.json": "[[1]]",
      "data/deep.json": "[".repeat(490) + "]".repeat(490),
      "data/unreadable.json": "[".repeat(600) + "]".repeat(600),
    });
    expect((await runCli(["generate"], dir)).code).toBe(0);
    (await import("node:fs")).symlinkSync(path.join(REPO, "node_modules"), path.join(dir, "node_modules"));
    // The depth limit off (below it, the limit reports the data first): the validator runs out of stack.
    const deep = await runCli(
      ["validate", "nest", "data/shallow.json", "data/deep.json", "--max-depth", "Infinity"],
      dir,
    );
    expect([deep.code, deep.stdout.replace(/sha256:\w+/, "sha256:…")]).toEqual([
      3,
      "data/deep.json:1:1: error CH804 the validator ran out of call stack on the data (nested deeper than the schema can follow, a string too long for a backtracking pattern, or a value that reaches a schema applying itself to it, CH306); no verdict\n" +
        "charter validate: 1 of 2 files satisfy nest (sha256:…); 1 file was too deep to judge\n",
    ]);
    // Beyond what the reader takes (500 levels), whatever the contract: not judged either, even against {}.
    const unreadable = await runCli(["validate", "any", "data/unreadable.json"], dir);
    expect(unreadable.code).toBe(3);
    expect(unreadable.stdout).toContain("data/unreadable.json:1:502: error CH111 nested more than 500 levels deep\n");
    expect(unreadable.stdout).toContain("; 1 file was too deep to judge\n");
    // An invalid file decides: exit 1.
    expect((await runCli(["validate", "nest", "data/bad.json", "data/deep.json"], dir)).code).toBe(1);
    const json = await runCli(["validate", "nest", "data/deep.json", "--format", "json"], dir);
    const report = JSON.parse(json.stdout) as {
      ok: boolean;
      results: { judged: boolean; diagnostics: { code: string }[] }[];
    };
    expect([json.code, report.ok, report.results.map((r) => [r.judged, r.diagnostics.map((d) => d.code)])]).toEqual([
      3,
      false,
      [[false, ["CH804"]]],
    ]);
  });

  it("runs patterns in the linear engine by default, so a crafted value cannot hang it; --patterns native runs RegExp", async () => {
    const dir = tempTree({
      "schema-src/word.yaml":
        "type: object\nproperties:\n  word: { type: string, pattern: '^(a+)+$' }\n  code: { type: string, pattern: '^(?=.*[0-9])[a-z0-9]+$' }\n",
      "data/crafted.json": JSON.stringify({ word: "a".repeat(10_000) + "b" }),
      "data/fine.json": JSON.stringify({ word: "aaa", code: "ab1" }),
      "data/no-digit.json": JSON.stringify({ code: "abc" }),
    });
    expect((await runCli(["generate"], dir)).code).toBe(0);
    (await import("node:fs")).symlinkSync(path.join(REPO, "node_modules"), path.join(dir, "node_modules"));
    const started = performance.now();
    const crafted = await runCli(
      ["validate", "word", "data/crafted.json", "data/fine.json", "data/no-digit.json"],
      dir,
    );
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(crafted.code).toBe(1);
    expect(crafted.stdout).toContain('data/crafted.json:1:9: error CH801 /word: must match pattern "^(a+)+$"');
    expect(crafted.stdout).toContain(
      'data/no-digit.json:1:9: error CH801 /code: must match pattern "^(?=.*[0-9])[a-z0-9]+$"',
    );
    expect(crafted.stdout).toContain("charter validate: 1 of 3 files satisfy word");
    // The lookahead has no linear form: said once, and checked with RegExp.
    expect(crafted.stderr).toBe(
      'charter: warning CH805 pattern "^(?=.*[0-9])[a-z0-9]+$" cannot run in the linear engine; checked with JavaScript\'s RegExp, which backtracks\n',
    );
    const native = await runCli(
      ["validate", "word", "data/fine.json", "data/no-digit.json", "--patterns", "native"],
      dir,
    );
    expect([native.code, native.stderr]).toEqual([1, ""]);
    const bad = await runCli(["validate", "word", "data/fine.json", "--patterns", "fast"], dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--patterns must be linear or native, got "fast"');
  });

  it("refuses usage errors with exit 2: unknown contract, no generated tree, missing operands", async () => {
    const dir = tempTree(ORDERS);
    expect((await runCli(["validate", "order", "data/good.yaml"], dir)).stderr).toMatch(
      /^charter: error CH009 no generated validators in generated \(no validators\/index\.js\); run `charter generate` or pass --out\n$/,
    );
    expect((await runCli(["validate", "order", "data/good.yaml"], dir)).code).toBe(2);
    expect((await runCli(["generate"], dir)).code).toBe(0);
    const before = snapshotTree(path.join(dir, "generated"));
    const unknown = await runCli(["validate", "ordr", "data/good.yaml"], dir);
    expect([unknown.code, unknown.stderr]).toEqual([
      2,
      'charter: error CH009 generated has no contract "ordr"; did you mean "order"? It has order, order#/$defs/line\n',
    ]);
    const missing = await runCli(["validate", "order"], dir);
    expect([missing.code, missing.stderr.split("\n")[0]]).toEqual([
      2,
      "charter: validate expects a contract and at least one file: charter validate CONTRACT FILE...",
    ]);
    expect((await runCli(["check", "extra"], dir)).code).toBe(2);
    expect(snapshotTree(path.join(dir, "generated"))).toEqual(before);
  });
});

describe("--format github", () => {
  it("prints each finding as a GitHub Actions annotation on its file and line", async () => {
    const dir = tempTree({
      "charter.config.yaml": "validation: { formats: assert }\n",
      "schema-src/a.yaml":
        "type: object\nproperties:\n  n: { type: string, format: uint32 }\nexamples:\n  - { n: 3 }\n",
    });
    const result = await runCli(["generate", "--format", "github"], dir);
    expect(result.code).toBe(1);
    expect(result.stdout.split("\n").filter((l) => l.startsWith("::"))).toEqual([
      '::warning file=schema-src/a.yaml,line=3,col=30,title=CH701::format "uint32" is unknown to charter-runtime; the validator does not check it',
      "::error file=schema-src/a.yaml,line=5,col=5,title=CH605::example does not type-check as A: Type 'number' is not assignable to type 'string'.",
      "::error file=schema-src/a.yaml,line=5,col=5,title=CH705::example does not satisfy its schema: /n type: must be string",
    ]);
  });
});

describe("--max-errors", () => {
  /** An order with `count` members its closed root does not declare, one a line, after a valid head. */
  const stray = (count: number, from = 0) =>
    "id: A-100\nlines: []\n" + Array.from({ length: count }, (_, i) => `k${from + i}: 1\n`).join("");
  const violations = (stdout: string) => stdout.split("\n").filter((line) => line.includes(" CH801 "));

  it("prints 100 violations by default, then how many more there are, each with the excerpt of its own line", async () => {
    const dir = tempTree({ ...ORDERS, "data/wide.yaml": stray(150) });
    expect(spawnCli(["generate"], { cwd: dir }).code).toBe(0);
    const result = spawnCli(["validate", "order", "data/wide.yaml"], { cwd: dir });
    expect(result.code).toBe(1);
    const printed = violations(result.stdout);
    expect(printed).toHaveLength(100);
    expect(printed.at(-1)).toBe(
      'data/wide.yaml:102:1: error CH801 /: must NOT have additional properties: "k99" [additionalProperties at #/additionalProperties]',
    );
    expect(result.stdout).toContain("  102 | k99: 1\n");
    expect(result.stdout).not.toContain('"k100"');
    expect(result.stdout.split("\n").at(-3)).toBe(
      "charter validate: 50 more violations not shown (--max-errors 0 shows every one)",
    );
  });

  it("has the validator stop collecting past 10,000 violations, and says the count left out is a lower bound", async () => {
    const wide: Record<string, unknown> = { id: "A-100", lines: [] };
    for (let i = 0; i < 10_050; i++) wide[`k${i}`] = 1;
    const dir = tempTree({ ...ORDERS, "data/wide.json": JSON.stringify(wide) });
    expect(spawnCli(["generate"], { cwd: dir }).code).toBe(0);
    const text = spawnCli(["validate", "order", "data/wide.json"], { cwd: dir });
    expect(text.code).toBe(1);
    expect(violations(text.stdout)).toHaveLength(100);
    expect(text.stdout).toContain("charter validate: at least 9901 more violations not shown");
    const capped = spawnCli(["validate", "order", "data/wide.json", "--format", "json", "--max-errors", "10"], {
      cwd: dir,
    });
    const cut = JSON.parse(capped.stdout) as {
      results: { errors: unknown[]; cut?: boolean; errorsOmitted?: number }[];
    };
    expect(cut.results[0]).toMatchObject({ cut: true, errorsOmitted: 9991 });
    expect(cut.results[0]!.errors).toHaveLength(10);
  });

  it("counts the limit over every file; 0 prints every violation", async () => {
    const dir = tempTree({ ...ORDERS, "data/a.yaml": stray(2), "data/b.yaml": stray(3, 2) });
    expect(spawnCli(["generate"], { cwd: dir }).code).toBe(0);
    const three = spawnCli(["validate", "order", "data/a.yaml", "data/b.yaml", "--max-errors", "3"], { cwd: dir });
    expect(violations(three.stdout).map((line) => line.split(":")[0])).toEqual([
      "data/a.yaml",
      "data/a.yaml",
      "data/b.yaml",
    ]);
    expect(three.stdout).toContain("charter validate: 2 more violations not shown");
    const all = spawnCli(["validate", "order", "data/a.yaml", "data/b.yaml", "--max-errors", "0"], { cwd: dir });
    expect(violations(all.stdout)).toHaveLength(5);
    expect(all.stdout).not.toContain("not shown");
    expect(all.code).toBe(1);
  });

  it("keeps every violation in JSON unless told, and then says how many each file and the run left out", async () => {
    const dir = tempTree({ ...ORDERS, "data/a.yaml": stray(2), "data/b.yaml": stray(3, 2) });
    expect(spawnCli(["generate"], { cwd: dir }).code).toBe(0);
    type Json = { errorsOmitted?: number; results: { errors: unknown[]; errorsOmitted?: number }[] };
    const all = JSON.parse(
      spawnCli(["validate", "order", "data/a.yaml", "data/b.yaml", "--format", "json"], { cwd: dir }).stdout,
    ) as Json;
    expect(all.results.map((r) => [r.errors.length, r.errorsOmitted])).toEqual([
      [2, undefined],
      [3, undefined],
    ]);
    expect(all.errorsOmitted).toBeUndefined();
    const capped = JSON.parse(
      spawnCli(["validate", "order", "data/a.yaml", "data/b.yaml", "--format", "json", "--max-errors", "3"], {
        cwd: dir,
      }).stdout,
    ) as Json;
    expect(capped.results.map((r) => [r.errors.length, r.errorsOmitted])).toEqual([
      [2, undefined],
      [1, 2],
    ]);
    expect(capped.errorsOmitted).toBe(2);
  });

  it("refuses a limit that is not a whole number, exit 2", async () => {
    const dir = tempTree(ORDERS);
    for (const value of ["-1", "ten", "2.5", ""]) {
      const result = await runCli(["validate", "order", "data/good.yaml", `--max-errors=${value}`], dir);
      expect([result.code, result.stderr.split("\n")[0]]).toEqual([
        2,
        `charter validate: --max-errors must be a whole number, 0 for every violation, got "${value}"`,
      ]);
    }
  });
});
