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
 *
 * Writes /tmp/bench-precision/report.md, results-<set>.json and the work
 * folders beside it (BENCH_PRECISION_OUT moves them); prints a summary.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
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
  },
});

const OUT = process.env["BENCH_PRECISION_OUT"] ?? "/tmp/bench-precision";
const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));
const log = (line: string) => process.stderr.write(`${line}\n`);
const caps: MutantCaps = { perInstance: Number(args.mutants), triesPerInstance: Number(args.tries), bytesPerInstance: Number(args.kib) * 1024 };
const sets = new Set(args.sets!.split(",").map((s) => s.trim()));
const only = args.only ? new Set(args.only.split(",").map((s) => s.trim().replace(/\.json$/, ""))) : undefined;
const runStarted = performance.now();

function settingsFor(set: string): MeasureSettings {
  const workdir = path.join(OUT, set);
  rmSync(workdir, { recursive: true, force: true });
  mkdirSync(workdir, { recursive: true });
  return { workdir, workers: Number(args.workers), timeoutMs: Number(args.timeout) * 1000, caps, seed: Number(args.seed), log };
}

const reports: SetReport[] = [];
if (sets.has("repo")) {
  const started = performance.now();
  log("this repository's contracts…");
  const repo = await repoUnits();
  const units = await measureUnits(repo.units, settingsFor("repo"));
  writeFileSync(path.join(OUT, "results-repo.json"), JSON.stringify(units, null, 1) + "\n");
  reports.push({
    title: "This repository's contracts",
    facts: [
      `${repo.contracts} contracts in generated/ (types, bundles and manifest as committed); ${repo.units.length} units with instances (a contract's root, or a top-level definition that declares instances of its own).`,
      "Instances: each contract's `examples` and `x-charter-counterexamples`, its `.examples/` and `.counterexamples/` folders, and the data files of examples/typed-client (valid or invalid as ajv judges them).",
    ],
    units,
    wallMs: performance.now() - started,
  });
}
if (sets.has("schemastore")) {
  const started = performance.now();
  const settings = settingsFor("schemastore");
  const corpus = await corpusUnits(settings.workdir, only, log);
  const units = await measureUnits(corpus.units, settings);
  writeFileSync(path.join(OUT, "results-schemastore.json"), JSON.stringify(units, null, 1) + "\n");
  reports.push({
    title: `SchemaStore${only ? ` (only ${[...only].join(", ")})` : ""}`,
    facts: [
      `${corpus.schemas} schemas upstream tests (${corpus.skippedUpstream} more are \`skiptest\`); charter produced no contract for ${corpus.notCompiled.length}${corpus.notCompiled.length > 0 ? ` (${corpus.notCompiled.slice(0, 8).join(", ")}${corpus.notCompiled.length > 8 ? ", …" : ""})` : ""}; ${corpus.withoutInstances} have no instance file; ${corpus.units.length} contracts measured.`,
      `charter compiled the corpus as one project (scripts/schemastore-corpus.ts's options, validators off) in ${(corpus.compileMs / 1000).toFixed(1)} s.`,
      `Instances: test/NAME/ (valid) and negative_test/NAME/ (invalid), read as scripts/conformance-schemastore reads them; ${corpus.instancesNotRead} file(s) not read (TOML ${corpus.tomlParser ? `with ${corpus.tomlParser}` : "without a parser"}, or unparseable).`,
    ],
    units,
    wallMs: performance.now() - started,
  });
}

const git = (argv: string[]) => spawnSync("git", argv, { cwd: REPO_ROOT, encoding: "utf8" }).stdout?.trim() ?? "";
const dirty = git(["status", "--porcelain", "--", "src", "generated", "package.json"]).split("\n").filter(Boolean).length;
const header = [
  "# Type precision",
  "",
  `Measured ${new Date().toISOString().slice(0, 10)} at ${git(["rev-parse", "--short", "HEAD"]) || "?"}${dirty > 0 ? ` (${dirty} uncommitted change(s) under src/, generated/ or package.json)` : ""}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? "?"}, Node ${process.version}; seed ${args.seed}; total ${((performance.now() - runStarted) / 1000).toFixed(1)} s.`,
  "",
  "Each instance is written as a typed literal, `const v: Root = <instance>;`, and compiled by the TypeScript compiler API under `strict: true` (one program per contract and side); a literal is accepted when no diagnostic falls in its statement. Root: charter's root type (the name compile() gives it), json-schema-to-typescript's root type when it compiles the same bundled schema with its defaults (HTTP references closed; the only addition is a resolver that serves each resource the bundle embeds at its `$id`).",
  "Valid: ajv (the class charter uses for the contract's dialect, ajv-formats, `strict: false`) accepts it. Invalid: ajv rejects it; its category is that of ajv's first error (first-error mode), a failed `oneOf`/`anyOf` and anything under `if`/`then`/`else` or `dependent*` being that. Structural: every category but other (format, pattern, bounds: what types cannot state).",
  "",
].join("\n");
const report = header + reports.map((r) => renderSet(r, caps)).join("\n");
mkdirSync(OUT, { recursive: true });
writeFileSync(path.join(OUT, "report.md"), report);
for (const r of reports) process.stdout.write(summaryLines(r).join("\n") + "\n");
process.stdout.write(`report: ${path.join(OUT, "report.md")} (${((performance.now() - runStarted) / 1000).toFixed(1)} s)\n`);
