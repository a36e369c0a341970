/**
 * `charter diff` on real history: consecutive numbered versions of the same
 * schema in the SchemaStore corpus, each compiled as the same contract, then
 * compared as `charter diff --base-dir` compares two trees. Writes
 * docs/diff-history.md. Too slow for CI (minutes): `npm run diff:schemastore`.
 */
import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { compile } from "../../src/pipeline/compile.js";
import { contractTree, isDiffInput } from "../../src/diff/contract-tree.js";
import { diffTrees, type ContractTree } from "../../src/diff/diff-trees.js";
import { CATEGORIES, type Category } from "../../src/diff/rules.js";
import { DEFAULT_DIFF } from "../../src/diff/settings.js";
import { SCHEMASTORE, SCHEMASTORE_OPTIONS } from "../schemastore-corpus.js";

/** Families whose file names carry a version: `<family>-<version>.json`. */
const FAMILIES = [
  "abc-clinical-demand-forecast",
  "abc-inventory-module-data",
  "abc-supply-plan",
  "aiproj",
  "detekt",
  "expo",
  "jreleaser",
  "lsdlschema",
  "ninjs",
  "pantsbuild",
  "renovate",
];

const files = readdirSync(SCHEMASTORE);
const rows: string[] = [];
const totals = {
  pairs: 0,
  majorBumps: 0,
  breakingAtMajor: 0,
  breakingAtMinor: 0,
  cleanAtMajor: 0,
  cleanAtMinor: 0,
  failed: 0,
  narrowingAtMajor: 0,
  narrowingAtMinor: 0,
};

for (const family of FAMILIES) {
  const versions = files
    .map((file) => new RegExp(`^${family}-(\\d+(?:\\.\\d+)*)\\.json$`).exec(file))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ file: m[0], version: semver(m[1]!) }))
    .sort((a, b) => compareVersions(a.version, b.version));
  let previous: { version: string; tree: ContractTree } | undefined;
  for (const { file, version } of versions) {
    const tree = await generate(family, file, version);
    if (typeof tree === "string") {
      rows.push(`| ${family} | ${previous?.version ?? ""} → ${version} | not compiled: ${tree} | | | | |`);
      totals.failed++;
      previous = undefined;
      continue;
    }
    if (previous) {
      const report = diffTrees(previous.tree, tree, DEFAULT_DIFF);
      const count = (category: Category) => report.findings.filter((f) => f.category === category).length;
      const breaking = report.findings.filter((f) => f.category !== "non-breaking");
      const major =
        majorOf(version) > majorOf(previous.version) ||
        (majorOf(version) === 0 && minorOf(version) > minorOf(previous.version));
      const rules = new Map<string, number>();
      for (const f of breaking) rules.set(f.rule, (rules.get(f.rule) ?? 0) + 1);
      const top = [...rules]
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
        .slice(0, 4)
        .map(([rule, n]) => `${rule} ${n}`)
        .join(", ");
      const policy = report.versions[0]?.verdict ?? "";
      rows.push(
        `| ${family} | ${previous.version} → ${version} | ${CATEGORIES.map(count).join(" / ")} | ${top || "none"} | ${major ? "major" : "minor"} | ${policy} |`,
      );
      totals.pairs++;
      // These schemas describe files people write: what breaks them is narrowing.
      const narrowing = report.findings.some((f) => f.category === "input-narrowing");
      if (narrowing && major) totals.narrowingAtMajor++;
      if (narrowing && !major) totals.narrowingAtMinor++;
      if (major) totals.majorBumps++;
      if (breaking.length > 0 && major) totals.breakingAtMajor++;
      if (breaking.length > 0 && !major) totals.breakingAtMinor++;
      if (breaking.length === 0 && major) totals.cleanAtMajor++;
      if (breaking.length === 0 && !major) totals.cleanAtMinor++;
      process.stdout.write(`${rows.at(-1)}\n`);
    }
    previous = { version, tree };
  }
}

const page = [
  "# `charter diff` on real history",
  "",
  "Written by `npm run diff:schemastore` (scripts/diff-history/): consecutive numbered versions of",
  "one schema in `../shared/corpora/schemastore`, each compiled as the same contract (`version`",
  "taken from the file name, padded to MAJOR.MINOR.PATCH), compared as `charter diff --base-dir`",
  "does, with the default direction (`both`).",
  "",
  `Pairs: ${totals.pairs}; the name bumps the major version (the minor one below 1.0.0) in ${totals.majorBumps}.`,
  `Breaking findings at a major bump: ${totals.breakingAtMajor}; at a minor or patch bump: ${totals.breakingAtMinor}.`,
  `No breaking finding at a major bump: ${totals.cleanAtMajor}; at a minor or patch bump: ${totals.cleanAtMinor}. Versions that did not compile: ${totals.failed}.`,
  "",
  "These schemas describe files that people write, so the direction that matters to their users",
  "is `input`: a narrowing can make yesterday's file invalid. Pairs with an input narrowing: at a",
  `major bump ${totals.narrowingAtMajor} of ${totals.majorBumps}; at a minor or patch bump ${totals.narrowingAtMinor} of ${totals.pairs - totals.majorBumps}.`,
  "",
  `Findings per category: ${CATEGORIES.join(" / ")}.`,
  "",
  "| schema | versions | findings | most frequent breaking rules | name's bump | version policy |",
  "| --- | --- | --- | --- | --- | --- |",
  ...rows,
  "",
].join("\n");
writeFileSync(new URL("../../docs/diff-history.md", import.meta.url), page);
console.log(`\n${totals.pairs} pairs; wrote docs/diff-history.md`);

async function generate(family: string, file: string, version: string): Promise<ContractTree | string> {
  const dir = mkdtempSync(path.join(tmpdir(), "charter-diff-history-"));
  try {
    copyFileSync(path.join(SCHEMASTORE, file), path.join(dir, `${family}.json`));
    const result = await compile({
      ...SCHEMASTORE_OPTIONS,
      sourceDir: dir,
      outDir: path.join(dir, "..", "out"),
      typeCheck: false,
      validators: false,
      version,
    });
    if (!result.produced.includes(family))
      return result.diagnostics.find((d) => d.severity === "error")?.code ?? "no output";
    const tree = contractTree(new Map([...result.files].filter(([name]) => isDiffInput(name))));
    return tree;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function semver(version: string): string {
  const parts = version.split(".").map(Number);
  while (parts.length < 3) parts.push(0);
  return parts.slice(0, 3).join(".");
}

function compareVersions(a: string, b: string): number {
  const [x, y] = [a.split(".").map(Number), b.split(".").map(Number)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return 0;
}

function majorOf(v: string): number {
  return Number(v.split(".")[0]);
}

function minorOf(v: string): number {
  return Number(v.split(".")[1]);
}
