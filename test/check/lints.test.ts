import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CHECK_CODES } from "../../src/compiler/check/codes.js";
import type { LintRule } from "../../src/compiler/check/lints/lint-rule.js";
import { LINT_RULES } from "../../src/compiler/check/lints/registry.js";
import { compileTree } from "../helpers/compile-tree.js";

const FIXTURES = fileURLToPath(new URL("./lints/", import.meta.url));
const RULES_DIR = fileURLToPath(new URL("../../src/compiler/check/lints/", import.meta.url));
/** Modules of src/compiler/check/lints/ that are not rules. */
const NOT_RULES = ["lint-rule.ts", "registry.ts", "patterns.ts"];
// UPDATE_GOLDEN=1 rewrites expected*.txt from the current findings; review every change.
const UPDATE = process.env["UPDATE_GOLDEN"] === "1";

const findings = (
  diagnostics: {
    code: string;
    severity: string;
    file?: string | undefined;
    line?: number | undefined;
    column?: number | undefined;
    message: string;
  }[],
) => diagnostics.map((d) => `${d.file?.split("/src/")[1]}:${d.line}:${d.column} ${d.severity} ${d.code} ${d.message}`);

/**
 * The cases of a rule's fixture folder: in.yaml against expected.txt, and any
 * in.<case>.yaml against expected.<case>.txt (another dialect, another kind of
 * root: what one source cannot hold).
 */
function fixtureCases(id: string): { source: string; expected: string }[] {
  return readdirSync(path.join(FIXTURES, id))
    .filter((f) => /^in(\.[\w-]+)?\.yaml$/.test(f))
    .sort()
    .map((source) => ({ source, expected: source.replace(/^in/, "expected").replace(/\.yaml$/, ".txt") }));
}

/**
 * The findings of compiling one fixture source as the contract `fixture`, as `line:col severity CODE message`:
 * compile runs lintSource on it with its resolved references (which unused definitions need), and every
 * other check, so an exact match also shows that the fixture triggers nothing else.
 */
async function lintFixture(id: string, source: string) {
  const tree = await compileTree({ "src/fixture.yaml": readFileSync(path.join(FIXTURES, id, source), "utf8") });
  return {
    lines: tree.diagnostics.map((d) => `${d.line}:${d.column} ${d.severity} ${d.code} ${d.message}`),
    failed: tree.failed,
  };
}

/** The lines of an expected*.txt, one finding each; an empty file expects none. */
function expectedLines(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return text === "" ? [] : text.replace(/\n$/, "").split("\n");
}

describe("every registered lint", () => {
  it("is registered once, in code order, one rule for each lint code, and its id is its file name", () => {
    const ids = LINT_RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    const files = readdirSync(RULES_DIR)
      .filter((f) => !NOT_RULES.includes(f))
      .map((f) => f.replace(/\.ts$/, ""));
    expect([...ids].sort()).toEqual(files.sort());
    const lintCodes = Object.values(CHECK_CODES).filter((c) => c.code >= "CH310" && c.code <= "CH319");
    expect(LINT_RULES.map((r) => r.code)).toEqual(lintCodes);
    for (const rule of LINT_RULES) {
      expect(rule.id, rule.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(rule.description, rule.id).toMatch(/^[^\n]{20,200}$/);
      expect(rule.root ?? rule.schema, rule.id).toBeDefined();
    }
  });

  it("has a fixture folder, and every fixture folder names a registered lint", () => {
    const folders = readdirSync(FIXTURES, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(folders.sort()).toEqual(LINT_RULES.map((r) => r.id).sort());
    for (const { id } of LINT_RULES) {
      expect(existsSync(path.join(FIXTURES, id, "in.yaml")), id).toBe(true);
      const cases = fixtureCases(id);
      const files = readdirSync(path.join(FIXTURES, id)).sort();
      expect(files, id).toEqual(cases.flatMap((c) => [c.expected, c.source]).sort());
    }
  });
});

describe.each(LINT_RULES.map((r) => [r.id, r] as const))("lint %s", (id, rule: LintRule) => {
  it.each(fixtureCases(id))(
    "reports $source exactly as $expected says, and no other finding",
    async ({ source, expected }) => {
      const { lines, failed } = await lintFixture(id, source);
      const file = path.join(FIXTURES, id, expected);
      if (UPDATE) writeFileSync(file, lines.map((line) => `${line}\n`).join(""));
      expect(lines).toEqual(expectedLines(file));
      // The fixture triggers this rule's code only (no other lint, nor any other check),
      expect(lines.filter((line) => line.split(" ")[2] !== rule.code.code)).toEqual([]);
      // and in.yaml triggers it at least once. Only an error stops the contract.
      if (source === "in.yaml") expect(lines.length).toBeGreaterThan(0);
      expect(failed).toEqual(rule.severity === "error" && lines.length > 0 ? ["fixture"] : []);
    },
  );
});

describe("lints", () => {
  it("count a definition as used when a reference inside an embedded resource resolves to it", async () => {
    const tree = await compileTree({
      "src/e.yaml":
        "type: object\nproperties:\n  k: { $ref: '#/$defs/emb' }\n$defs:\n  emb:\n    $id: https://e.test/emb\n    type: object\n    $defs:\n      inner: { type: string }\n    properties:\n      k: { $ref: '#/$defs/inner' }\n",
    });
    expect(tree.diagnostics.filter((d) => d.code === "CH316")).toEqual([]);
  });

  it("are silenced per schema with x-charter-ignore, which leaves the bundle", async () => {
    const tree = await compileTree({
      "src/b.yaml":
        "x-charter-ignore: [CH310]\n$defs:\n  s: { type: string, requried: 1, x-charter-ignore: [CH312] }\n",
    });
    expect(findings(tree.diagnostics)).toEqual([]);
    expect(JSON.stringify(tree.schema("b"))).not.toContain("x-charter-ignore");
  });

  it("refuse an x-charter-ignore that does not list lint codes: errors cannot be silenced", async () => {
    const tree = await compileTree({
      "src/c.yaml": "type: string\nx-charter-ignore: [CH317]\n",
      "src/d.yaml": "type: string\nx-charter-ignore: CH312\n",
    });
    expect(findings(tree.diagnostics).map((f) => f.split(" ").slice(0, 3).join(" "))).toEqual([
      "c.yaml:2:19 error CH307",
      "d.yaml:2:19 error CH307",
    ]);
    expect(tree.failed).toEqual(["c", "d"]);
  });
});
