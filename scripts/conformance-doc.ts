/**
 * `npm run conformance`: both conformance runs, one after the other, and
 * docs/conformance.md from their reports. The JSON-Schema-Test-Suite run
 * takes about a minute; the SchemaStore run about 17 minutes on two cores.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { keptSummary } from "./kept-summary.js";

const REPO = fileURLToPath(new URL("..", import.meta.url));
const SHARED = path.resolve(REPO, "..", "shared");
const TSX = path.join(REPO, "node_modules/tsx/dist/cli.mjs");
const SUITE_OUT = "/tmp/conformance";
const SCHEMASTORE_OUT = "/tmp/conformance-schemastore";

// The code measured is the code at the start.
const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: REPO, encoding: "utf8" }).trim();
const dirty =
  execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], { cwd: REPO, encoding: "utf8" }).trim() !== ""
    ? " with uncommitted changes"
    : "";

for (const [script, args, env] of [
  ["scripts/conformance/run-suite.ts", ["--out", SUITE_OUT], {}],
  // Arguments go to the SchemaStore run: `npm run conformance -- --sides charter` re-runs charter's side only.
  ["scripts/conformance-schemastore/main.ts", process.argv.slice(2), { CONFORMANCE_OUT: SCHEMASTORE_OUT }],
] as const) {
  const run = spawnSync(process.execPath, [TSX, path.join(REPO, script), ...args], {
    cwd: REPO,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, ...env },
  });
  if (run.status !== 0) throw new Error(`${script} failed (exit ${run.status})`);
}

/** A report as a section of the page: its headings one level down, paths as a reader of the repository sees them. */
const section = (file: string) =>
  readFileSync(file, "utf8")
    .replace(/^(#+) /gm, "#$1 ")
    .split(SHARED)
    .join("../shared")
    .split(REPO.replace(/\/$/, ""))
    .join(".")
    .trim();

const page = [
  "# Conformance",
  "",
  `<!-- Written by \`npm run conformance\` (scripts/conformance-doc.ts) at ${commit}${dirty}, ${new Date().toISOString().slice(0, 10)}. -->`,
  "",
  "Two runs on data nobody here wrote (`../shared/corpora`): the official JSON-Schema-Test-Suite through charter's whole pipeline beside ajv on the original schemas, and the SchemaStore subset beside the pipeline a maintainer would hand-roll. `npm test` runs a slice of each.",
  "",
  // What the figures mean is written by hand; the rewrite carries it over.
  ...keptSummary(path.join(REPO, "docs/conformance.md")),
  section(path.join(SUITE_OUT, "report.md")),
  "",
  section(path.join(SCHEMASTORE_OUT, "report.md")),
  "",
].join("\n");
writeFileSync(path.join(REPO, "docs/conformance.md"), page);
process.stdout.write("wrote docs/conformance.md\n");
