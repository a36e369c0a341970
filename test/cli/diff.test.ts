import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { snapshotTree, tempTree, writeTree } from "../helpers/temp-tree.js";

const ORDER = [
  "type: object",
  "properties:",
  "  id: { type: string }",
  "  qty: { type: integer, maximum: 100 }",
  "required: [id]",
  "",
].join("\n");
// qty required now, and its bound lowered: two narrowings.
const NARROWER = ORDER.replace("required: [id]", "required: [id, qty]").replace("maximum: 100", "maximum: 50");

const git = (dir: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t.test", "-c", "commit.gpgsign=false", ...args], {
    cwd: dir,
    encoding: "utf8",
  });

/** A repository whose first commit holds `files` and their generated tree. */
async function repository(files: Record<string, string>): Promise<string> {
  const dir = tempTree(files);
  git(dir, "init", "-q", "-b", "main");
  expect((await runCli(["generate"], dir)).code).toBe(0);
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "contracts");
  return dir;
}

describe("charter diff", () => {
  it("places each finding at the keyword that changed, not at the schema's start", async () => {
    const dir = tempTree({
      "schema-src/order.yaml":
        "type: object\nproperties:\n  id:\n    type: string\n    maxLength: 10\n  kind:\n    enum: [a, b]\nrequired: [id]\n",
    });
    expect((await runCli(["generate", "--out", "base"], dir)).code).toBe(0);
    writeTree(dir, {
      "schema-src/order.yaml":
        "type: object\nproperties:\n  id:\n    type: string\n    maxLength: 5\n  kind:\n    enum: [a]\n  n: { type: integer }\nrequired: [id, n]\n",
    });
    const result = await runCli(["diff", "--base-dir", "base"], dir);
    expect(result.code).toBe(1);
    const places = result.stdout
      .split("\n")
      .filter((line) => line.includes(" CH901 "))
      .map((line) => line.replace(/ error CH901 order: /, " ").replace(/ \[.*$/, ""));
    expect(places.sort()).toEqual([
      "schema-src/order.yaml:5:5: maxLength 10 → 5",
      'schema-src/order.yaml:7:5: value "b" no longer allowed',
      'schema-src/order.yaml:9:1: property "n" is now required',
    ]);
  });

  it("fails on a breaking change against a git revision, each located in the working tree's source", async () => {
    const dir = await repository({ "schema-src/order.yaml": ORDER });
    writeTree(dir, { "schema-src/order.yaml": NARROWER });
    const before = snapshotTree(dir);
    const result = await runCli(["diff", "--base", "main"], dir);
    expect(result.stdout).toBe(
      [
        'schema-src/order.yaml:5:1: error CH901 order: property "qty" is now required [input-narrowing/required-added; base #, head #]',
        "schema-src/order.yaml:4:25: error CH901 order: maximum 100 → 50 [input-narrowing/bound-tightened; base #/properties/qty, head #/properties/qty]",
        // Code that builds an Order without qty no longer compiles.
        "schema-src/order.yaml:1:1: error CH901 order: field Order.qty is now required [typescript-api/field-became-required; base types/order.ts#Order.qty, head types/order.ts#Order.qty]",
        "charter diff: 3 breaking, 0 allowed by version bumps, 0 ignored, 0 compatible (against main)",
        "",
      ].join("\n"),
    );
    expect(result.code).toBe(1);
    // Read through git: nothing checked out, nothing written.
    expect(snapshotTree(dir)).toEqual(before);
  });

  it("passes a compatible change, and lists it", async () => {
    const dir = await repository({ "schema-src/order.yaml": ORDER });
    writeTree(dir, {
      "schema-src/order.yaml": ORDER.replace("required: [id]", "  note: { type: string }\nrequired: [id]"),
    });
    const result = await runCli(["diff", "--base", "HEAD"], dir);
    expect(result.stdout).toBe(
      [
        'schema-src/order.yaml:5:9: note CH904 order: optional property "note" added [non-breaking/optional-property-added; base #, head #/properties/note]',
        "charter diff: 0 breaking, 0 allowed by version bumps, 0 ignored, 1 compatible (against HEAD)",
        "",
      ].join("\n"),
    );
    expect(result.code).toBe(0);
  });

  it("holds a breaking change to the version policy: a major bump allows it, a minor one names both versions", async () => {
    const dir = await repository({ "charter.config.yaml": "version: 1.2.0\n", "schema-src/order.yaml": ORDER });
    writeTree(dir, { "schema-src/order.yaml": NARROWER, "charter.config.yaml": "version: 1.3.0\n" });
    const minor = await runCli(["diff", "--base", "HEAD"], dir);
    expect(minor.code).toBe(1);
    expect(minor.stdout).toContain(
      "schema-src/order.yaml:1:1: error CH902 order: breaking changes need version 2.0.0 or later (base 1.2.0, head 1.3.0)\n",
    );
    writeTree(dir, { "charter.config.yaml": "version: 2.0.0\n" });
    const major = await runCli(["diff", "--base", "HEAD"], dir);
    expect(major.stdout).toContain(
      'schema-src/order.yaml:5:1: warning CH901 order: property "qty" is now required [input-narrowing/required-added; base #, head #; allowed by the version bump]\n',
    );
    expect(major.code).toBe(0);
    // A contract's own version, at its root, wins over the set's.
    writeTree(dir, { "schema-src/order.yaml": "x-charter-version: 0.9.0\n" + NARROWER });
    const own = await runCli(["diff", "--base", "HEAD", "--format", "json"], dir);
    expect(JSON.parse(own.stdout).versions).toEqual([
      { contract: "order", base: "1.2.0", head: "0.9.0", verdict: "went-backwards" },
    ]);
    expect(own.code).toBe(1);
  });

  it("lets a finding pass with an ignore and its reason, and judges by the contract's direction", async () => {
    const dir = await repository({ "schema-src/order.yaml": ORDER });
    const ignore =
      "diff:\n  ignore:\n    - { rule: required-added, contract: order, reason: every client sends qty }\n";
    writeTree(dir, { "schema-src/order.yaml": NARROWER, "charter.config.yaml": ignore });
    const ignored = await runCli(["diff", "--base", "HEAD"], dir);
    expect(ignored.stdout).toContain(
      'note CH901 order: property "qty" is now required [input-narrowing/required-added; base #, head #; ignored: every client sends qty]',
    );
    expect(ignored.code).toBe(1); // the bound is still breaking
    // An output contract: narrowing breaks no consumer; the generated types break either way.
    writeTree(dir, {
      "charter.config.yaml":
        "diff:\n  direction: output\n  ignore:\n    - { rule: field-became-required, reason: nobody builds orders in TypeScript }\n",
    });
    const output = await runCli(["diff", "--base", "HEAD"], dir);
    expect(output.stdout).toMatch(/0 breaking, 0 allowed by version bumps, 1 ignored, 2 compatible/);
    expect(output.code).toBe(0);
  });

  it("finds an embedded document by its $id when the contract's own definition took its key", async () => {
    const pet = "type: object\nproperties:\n  b: { $ref: common.yaml }\n";
    const dir = await repository({
      "schema-src/pet.yaml": pet,
      "schema-src/common.yaml": "type: string\nmaxLength: 9\n",
    });
    // pet now defines `common` itself, so its bundle keeps common.yaml under another key.
    writeTree(dir, {
      "schema-src/pet.yaml": pet + "$defs:\n  common: { type: integer }\n",
      "schema-src/common.yaml": "type: string\nmaxLength: 5\n",
    });
    const result = await runCli(["diff", "--base", "HEAD"], dir);
    expect(result.stdout.split("\n").filter((line) => line.includes(" pet: ") && line.includes("#/$defs/"))).toEqual([
      'schema-src/pet.yaml:5:11: note CH904 pet: definition "common" added [non-breaking/definition-added; head #/$defs/common]',
      "schema-src/common.yaml:2:1: error CH901 pet: maxLength 9 → 5 [input-narrowing/bound-tightened; base #/$defs/common, head #/$defs/common.embedded]",
    ]);
  });

  it("compares with another generated tree, and reports in JSON and as GitHub annotations", async () => {
    const dir = tempTree({ "old/order.yaml": ORDER, "schema-src/order.yaml": NARROWER });
    expect((await runCli(["generate", "--source", "old", "--out", "base"], dir)).code).toBe(0);
    const json = await runCli(["diff", "--base-dir", "base", "--format", "json"], dir);
    const report = JSON.parse(json.stdout);
    expect(report).toMatchObject({ command: "diff", ok: false, base: "base" });
    expect(report.findings[0]).toEqual({
      rule: "required-added",
      category: "input-narrowing",
      contract: "order",
      basePointer: "#",
      headPointer: "#",
      message: 'property "qty" is now required',
      keyword: "required",
      verdict: "breaking",
      file: "schema-src/order.yaml",
      line: 5,
      column: 1,
    });
    const github = await runCli(["diff", "--base-dir", "base", "--format", "github"], dir);
    expect(github.stdout.split("\n")[0]).toBe(
      '::error file=schema-src/order.yaml,line=5,col=1,title=CH901::order: property "qty" is now required [input-narrowing/required-added; base #, head #]',
    );
  });

  it("refuses a version that is not MAJOR.MINOR.PATCH, or one below a contract's root", async () => {
    const dir = tempTree({
      "schema-src/order.yaml":
        "x-charter-version: 2.0\n" +
        ORDER.replace("  id: { type: string }", "  id: { type: string, x-charter-version: 1.0.0 }"),
    });
    const result = await runCli(["generate"], dir);
    expect(result.stdout.split("\n").filter((l) => l.includes("CH308"))).toEqual([
      'schema-src/order.yaml:1:20: error CH308 x-charter-version must be MAJOR.MINOR.PATCH, such as "1.4.0" (got 2, a number)',
      "schema-src/order.yaml:4:23: error CH308 x-charter-version is read at the root of a contract only",
    ]);
    expect(result.code).toBe(1);
  });

  it("reads the base of a project in a folder of its repository, and a base from before anything was generated", async () => {
    const dir = tempTree({ "pkg/schema-src/order.yaml": ORDER, "README.md": "monorepo\n" });
    git(dir, "init", "-q", "-b", "main");
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "sources only");
    const pkg = path.join(dir, "pkg");
    const first = await runCli(["diff", "--base", "main"], pkg);
    expect(first.stdout).toBe(
      [
        "schema-src/order.yaml:1:1: note CH904 order: contract order added [non-breaking/contract-added; head #]",
        "schema-src/order.yaml:1:1: note CH904 order: type Order added [non-breaking/type-added; head types/order.ts#Order]",
        "charter diff: 0 breaking, 0 allowed by version bumps, 0 ignored, 2 compatible (against main)",
        "",
      ].join("\n"),
    );
    expect(first.code).toBe(0);
    expect((await runCli(["generate"], pkg)).code).toBe(0);
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "generated");
    writeTree(pkg, { "schema-src/order.yaml": NARROWER });
    const second = await runCli(["diff", "--base", "main"], pkg);
    expect(second.stdout).toMatch(/^charter diff: 3 breaking/m);
    expect(second.code).toBe(1);
  });

  it("answers in JSON when asked, also when the sources or the base cannot be read", async () => {
    const dir = await repository({ "schema-src/order.yaml": ORDER });
    const unknown = await runCli(["diff", "--base", "nope", "--format", "json"], dir);
    expect([unknown.code, JSON.parse(unknown.stdout)]).toEqual([
      2,
      {
        command: "diff",
        ok: false,
        base: "nope",
        diagnostics: [
          {
            code: "CH903",
            severity: "error",
            message: 'cannot read the base version (nope): generated: git knows no revision "nope"',
          },
        ],
      },
    ]);
    writeTree(dir, { "schema-src/order.yaml": "type: [object\n" });
    const broken = await runCli(["diff", "--base", "HEAD", "--format", "json"], dir);
    expect(broken.code).toBe(1);
    expect(JSON.parse(broken.stdout)).toMatchObject({
      command: "diff",
      ok: false,
      diagnostics: [{ code: "CH102", file: "schema-src/order.yaml" }],
    });
  });

  it("says why it cannot read the base, and exits 2", async () => {
    const dir = await repository({ "schema-src/order.yaml": ORDER });
    const unknown = await runCli(["diff", "--base", "no-such-branch"], dir);
    expect([unknown.code, unknown.stderr]).toEqual([
      2,
      'charter: error CH903 cannot read the base version (no-such-branch): generated: git knows no revision "no-such-branch"\n',
    ]);
    const outside = tempTree({ "schema-src/order.yaml": ORDER });
    const notGit = await runCli(["diff", "--base", "main"], outside);
    expect(notGit.code).toBe(2);
    expect(notGit.stderr).toBe(
      "charter: error CH903 cannot read the base version (main): generated: not inside a git repository\n",
    );
    const empty = await runCli(["diff", "--base-dir", "nothing"], dir);
    expect([empty.code, empty.stderr]).toEqual([
      2,
      "charter: error CH903 cannot read the base version (nothing): nothing holds no generated tree\n",
    ]);
    const both = await runCli(["diff", "--base", "main", "--base-dir", "x"], dir);
    expect([both.code, both.stderr.split("\n")[0]]).toEqual([
      2,
      "charter: diff compares with exactly one of --base REF or --base-dir DIR",
    ]);
  });
});
