/**
 * `npm run bench:precision`: how precise and how sound the generated types
 * are, for this repository's contracts and for the SchemaStore corpus,
 * against json-schema-to-typescript with its defaults over the same bundled
 * schemas (issue 22). Each instance is written as a typed literal,
 * `const v: Root = <instance>;`, and compiled under `strict`:
 *
 * - soundness: valid instances (ajv accepts them) the types accept;
 * - precision: invalid instances (ajv rejects them: the corpus's negative
 *   tests, the contracts' counterexamples, and mutants of the valid ones)
 *   the types reject, overall, for the structural violations, and per kind
 *   of violation (classify.ts).
 *
 *   npx tsx scripts/bench-precision/main.ts [options]
 *
 *   --sets repo,schemastore   which sets (default both)
 *   --only a,b                SchemaStore schemas to measure (compiles only those; quick trials)
 *   --workers N               worker processes for the generator and tsc (default 2)
 *   --timeout S               seconds per generator run or tsc program (default 180)
 *   --seed N                  seed of the mutant choice (default 22)
 *   --mutants N --tries N --kib N   the caps per valid instance (default 20, 200, 256)
 *   --report-only             render the report again from the saved results-<set>.json
 *
 * Writes /tmp/bench-precision/report.md, results-<set>.json and the work
 * folders beside it (BENCH_PRECISION_OUT moves them); prints a summary.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { corpusUnits } from "./corpus-set.js";
import { measureUnits, type MeasureSettings } from "./measure.js";
import type { MutantCaps } from "./mutants.js";
import { repoUnits } from "./repo-set.js";
import { renderSet, summaryLines, type SetReport } from "./report.js";

const { values: args } = parseArgs({
  options: {
    sets: { type: "string", default: "repo,schemastore" },
    only: { type: "string" },
    workers: { type: "string", default: "2" },
    timeout: { type: "string", default: "180" },
    seed: { type: "string", default: "22" },
    mutants: { type: "string", default: "20" },
    tries: { type: "string", default: "200" },
    kib: { type: "string", default: "256" },
    "report-only": { type: "boolean", default: false },
  },
});

const OUT = process.env["BENCH_PRECISION_OUT"] ?? "/tmp/bench-precision";
const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));
const log = (line: string) => process.stderr.write(`${line}\n`);
const caps: MutantCaps = {
  perInstance: Number(args.mutants),
  triesPerInstance: Number(args.tries),
  bytesPerInstance: Number(args.kib) * 1024,
};
const sets = new Set(args.sets!.split(",").map((s) => s.trim()));
const only = args.only ? new Set(args.only.split(",").map((s) => s.trim().replace(/\.json$/, ""))) : undefined;
const runStarted = performance.now();

function settingsFor(set: string): MeasureSettings {
  const workdir = path.join(OUT, set);
  rmSync(workdir, { recursive: true, force: true });
  mkdirSync(workdir, { recursive: true });
  return {
    workdir,
    workers: Number(args.workers),
    timeoutMs: Number(args.timeout) * 1000,
    caps,
    seed: Number(args.seed),
    log,
  };
}

const git = (argv: string[]) => spawnSync("git", argv, { cwd: REPO_ROOT, encoding: "utf8" }).stdout?.trim() ?? "";
/** When, at which commit and on what the set is measured (other engineers edit the tree meanwhile). */
function measuredLine(): string {
  const dirty = git(["status", "--porcelain", "--", "src", "generated", "package.json"])
    .split("\n")
    .filter(Boolean).length;
  const tree = `${git(["rev-parse", "--short", "HEAD"]) || "?"}${dirty > 0 ? ` with ${dirty} uncommitted change(s) under src/, generated/ or package.json` : ""}`;
  return `Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC at ${tree}, on ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? "?"}, Node ${process.version}, seed ${args.seed}.`;
}

/** A set's report, saved beside the report so that `--report-only` can render it again. */
function keep(name: string, report: SetReport): SetReport {
  writeFileSync(path.join(OUT, `results-${name}.json`), JSON.stringify(report, null, 1) + "\n");
  return report;
}

async function measureRepo(): Promise<SetReport> {
  const started = performance.now();
  const measured = measuredLine();
  log("this repository's contracts…");
  const repo = await repoUnits();
  const units = await measureUnits(repo.units, settingsFor("repo"));
  return keep("repo", {
    title: "This repository's contracts",
    facts: [
      `${repo.contracts} contracts in generated/ (types, bundles and manifest as committed); ${repo.units.length} units with instances (a contract's root, or a top-level definition that declares instances of its own).`,
      "Instances: each contract's `examples` and `x-charter-counterexamples`, its `.examples/` and `.counterexamples/` folders, and the data files of examples/typed-client (valid or invalid as ajv judges them).",
    ],
    units,
    wallMs: performance.now() - started,
    measured,
    caps,
  });
}

async function measureCorpus(): Promise<SetReport> {
  const started = performance.now();
  const measured = measuredLine();
  const settings = settingsFor("schemastore");
  const corpus = await corpusUnits(settings.workdir, only, log);
  const units = await measureUnits(corpus.units, settings);
  const notCompiled =
    corpus.notCompiled.length > 0
      ? ` (${corpus.notCompiled.slice(0, 8).join(", ")}${corpus.notCompiled.length > 8 ? ", …" : ""})`
      : "";
  return keep("schemastore", {
    title: `SchemaStore${only ? ` (only ${[...only].join(", ")})` : ""}`,
    facts: [
      `${corpus.schemas} schemas upstream tests (${corpus.skippedUpstream} more are \`skiptest\`); charter produced no contract for ${corpus.notCompiled.length}${notCompiled}; ${corpus.withoutInstances} have no instance file; ${corpus.units.length} contracts measured.`,
      `charter compiled the corpus as one project (scripts/schemastore-corpus.ts's options, validators off) in ${(corpus.compileMs / 1000).toFixed(1)} s.`,
      `Instances: test/NAME/ (valid) and negative_test/NAME/ (invalid), read as scripts/conformance-schemastore reads them; ${corpus.instancesNotRead} file(s) not read (TOML ${corpus.tomlParser ? `with ${corpus.tomlParser}` : "without a parser"}, or unparseable).`,
    ],
    units,
    wallMs: performance.now() - started,
    measured,
    caps,
  });
}

const load = (name: string) => JSON.parse(readFileSync(path.join(OUT, `results-${name}.json`), "utf8")) as SetReport;
const reports: SetReport[] = [];
mkdirSync(OUT, { recursive: true });
if (sets.has("repo")) reports.push(args["report-only"] ? load("repo") : await measureRepo());
if (sets.has("schemastore")) reports.push(args["report-only"] ? load("schemastore") : await measureCorpus());

const header = [
  "# Type precision",
  "",
  `Written by \`npm run bench:precision\` (scripts/bench-precision/main.ts)${args["report-only"] ? " from saved results" : ""}; this run took ${((performance.now() - runStarted) / 1000).toFixed(1)} s.`,
  "",
  "Each instance is written as a typed literal, `const v: Root = <instance>;`, and compiled by the TypeScript compiler API under `strict: true` (one program per contract and side); a literal is accepted when no diagnostic falls in its statement. Root: charter's root type (the name compile() gives it), json-schema-to-typescript's root type when it compiles the same bundled schema with its defaults (HTTP references closed; the only addition is a resolver that serves each resource the bundle embeds at its `$id`).",
  "Valid: ajv (the class charter uses for the contract's dialect, ajv-formats, `strict: false`) accepts it. Invalid: ajv rejects it; its category is that of ajv's first error (first-error mode), a failed `oneOf`/`anyOf` and anything under `if`/`then`/`else` or `dependent*` being that. Structural: every category but other (format, pattern, bounds: what types cannot state). Precision on the mutants of the valid instances a side's types accept is the figure unsound types cannot raise (a type that rejects a valid instance tends to reject its mutants too).",
  "",
].join("\n");
const report = header + "\n" + reports.map((r) => renderSet(r)).join("\n");
writeFileSync(path.join(OUT, "report.md"), report);
for (const r of reports) process.stdout.write(summaryLines(r).join("\n") + "\n");
process.stdout.write(
  `report: ${path.join(OUT, "report.md")} (${((performance.now() - runStarted) / 1000).toFixed(1)} s)\n`,
);
