/**
 * `npm run bench`: the whole pipeline on the SchemaStore part of
 * ../shared/corpora, side by side with the pipeline a maintainer would
 * hand-roll, and writes docs/benchmarks.md. Every figure is a median of
 * BENCH_RUNS fresh processes (default 3), and each ratio's two sides run
 * interleaved in the same rounds, so a noisy neighbour slows both. Machines
 * here have two noisy cores: read ratios, not seconds.
 *
 * Measured: full `generate` against the naive pipeline, and the size of what
 * each writes; generate time for 100, 200, 400 and all contracts, with the
 * fitted exponent; `check` on an unchanged tree against `generate`; a
 * regenerate after one source changed against a full run; `charter docs` against `generate`, and
 * the docs index page's load and first search in Chromium (docs-site.ts); peak memory; and
 * (by running bench-validators.ts) the runtime against ajv.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { keptSummary } from "../kept-summary.js";
import { SCHEMASTORE } from "../schemastore-corpus.js";
import {
  BASELINE_COMMIT,
  baselineCli,
  buildCli,
  measureLoop,
  measureWatch,
  repositoryProject,
  WATCH_DEBOUNCE_MS,
  type LoopFigures,
} from "./everyday-loop.js";
import { docsRows, docsRun, measureIndexPage } from "./docs-site.js";
import { median, scalingExponent } from "./stats.js";
import { bytesUnder, typesSize, type TypesSize } from "./tree-size.js";

const RUNS = Number(process.env["BENCH_RUNS"] ?? 3);
/** BENCH_LIMIT=N runs every step on the first N schemas only: to try the script, not to report. */
const LIMIT = Number(process.env["BENCH_LIMIT"] ?? Infinity);
const SIZES = [100, 200, 400].filter((size) => size < LIMIT);
/** Sources of the project that `check` and the one-edit regenerate are measured on. */
const CHECK_SIZE = Math.min(100, LIMIT);
/** Edited by the incremental measurement: a contract nothing references, so one contract changes. */
const EDITED = process.env["BENCH_LIMIT"] === undefined ? "yamllint.json" : readdirSync(SCHEMASTORE).sort()[0]!;
const HEAP_LIMIT_MIB = 1200;
const TARGETS = {
  generate: 0.5,
  typesBytes: 0.3,
  validatorBytes: 1,
  check: 1.1,
  checkBaseline: 0.5,
  incremental: 0.1,
  peakMiB: 1024,
  noop: 0.1,
  watch: 0.1,
};

const REPO = fileURLToPath(new URL("../..", import.meta.url));
const TSX = path.join(REPO, "node_modules/tsx/dist/cli.mjs");
const work = mkdtempSync(path.join(os.tmpdir(), "charter-bench-"));
// The code measured is the code at the start; later edits would not be in the early measurements.
const commit =
  spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: REPO, encoding: "utf8" }).stdout.trim() || "unknown commit";
const names = readdirSync(SCHEMASTORE)
  .filter((f) => f.endsWith(".json"))
  .sort()
  .slice(0, LIMIT);

interface Measured {
  code: number;
  ms: number;
  maxRssKb: number;
  /** Diagnostics printed, by code. */
  codes: Record<string, number>;
}

function child<T>(script: string, args: string[], nodeOptions?: string): T {
  const env =
    nodeOptions === undefined
      ? process.env
      : { ...process.env, NODE_OPTIONS: `${process.env["NODE_OPTIONS"] ?? ""} ${nodeOptions}`.trim() };
  const result = spawnSync(process.execPath, [TSX, path.join(REPO, "scripts/bench", script), ...args], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env,
  });
  const last = result.stdout.trim().split("\n").pop() ?? "";
  if (result.status !== 0 || !last.startsWith("{"))
    throw new Error(`${script} failed (${result.status}):\n${result.stderr.slice(-2000)}`);
  return JSON.parse(last) as T;
}

/** A project holding copies of `files`; references to other corpus schemas resolve through the catalog. */
function project(
  name: string,
  files: readonly string[],
  catalogDir = SCHEMASTORE,
): { dir: string; args: (command: string) => string[] } {
  const dir = path.join(work, name);
  mkdirSync(path.join(dir, "src"), { recursive: true });
  for (const file of files) copyFileSync(path.join(SCHEMASTORE, file), path.join(dir, "src", file));
  const args = (command: string) => [
    dir,
    command,
    ...[
      "--source",
      "src",
      "--out",
      "generated",
      "--base-uri",
      "https://json.schemastore.org/",
      "--type-names",
      "qualified",
      "--keep-going",
    ],
    ...[
      "--catalog",
      `https://json.schemastore.org/=${catalogDir}`,
      "--catalog",
      `https://www.schemastore.org/=${catalogDir}`,
    ],
  ];
  return { dir, args };
}

function charter(
  p: ReturnType<typeof project>,
  command: "generate" | "check",
  fresh = command === "generate",
  extra: string[] = [],
): Measured {
  if (fresh) rmSync(path.join(p.dir, "generated"), { recursive: true, force: true });
  return child<Measured>("measure-cli.ts", [...p.args(command), ...extra]);
}

/** `size` sources spread evenly over the corpus by name: the first N by name would be whatever family sorts first. */
function sample(size: number): string[] {
  return Array.from({ length: Math.min(size, names.length) }, (_, k) => names[Math.floor((k * names.length) / size)]!);
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const log = (line: string) => process.stdout.write(line + "\n");

// The everyday loop on this repository's contracts, in whole processes of the built CLI.
buildCli();
const repository = repositoryProject();
// Nine rounds: a round of this repository's loop takes seconds, and on two shared cores its
// medians of five moved by a quarter between runs of the same build.
const loopRounds = Math.max(RUNS, 9);
// `check` as the commit issue 34 was measured at built it, in the same rounds, on this repository's contracts.
const baseline = baselineCli(BASELINE_COMMIT);
const repositoryLoop = measureLoop(repository, [], loopRounds, [0], baseline.cli);
baseline.remove();
const watchMs = await measureWatch(repository, "agent/result.yaml", 10);
rmSync(repository, { recursive: true, force: true });
log(
  `this repository: unchanged generate ${seconds(repositoryLoop.noop)} s, --no-cache ${seconds(repositoryLoop.cold)} s`,
);

// The whole corpus: generate and the naive pipeline, interleaved; then check; then one edit.
const all = project("all", names, path.join(work, "all", "src"));
const generateRuns: Measured[] = [];
const naiveRuns: ({ ms: number; maxRssKb: number } & {
  typesOk: number;
  validatorsOk: number;
  typesMs: number;
  validatorsMs: number;
})[] = [];
for (let round = 0; round < RUNS; round++) {
  generateRuns.push(charter(all, "generate"));
  log(`generate, all ${names.length}: ${seconds(generateRuns.at(-1)!.ms)} s`);
  rmSync(path.join(work, "naive"), { recursive: true, force: true });
  naiveRuns.push(child("naive-pipeline.ts", [SCHEMASTORE, path.join(work, "naive")]));
  log(`naive pipeline: ${seconds(naiveRuns.at(-1)!.ms)} s`);
}
// The docs site of the whole corpus, from the last full run's tree: its build against generate, its index page in Chromium.
const docsRuns = Array.from({ length: RUNS }, () => {
  const measured = docsRun(all.dir);
  log(`docs, all: ${seconds(measured.ms)} s`);
  return measured;
});
const siteBytes = bytesUnder(path.join(all.dir, "site"), "");
const indexPage = await measureIndexPage(path.join(all.dir, "site"), RUNS);
log(`docs index page: loaded in ${indexPage.loadMs.toFixed(0)} ms, first search ${indexPage.searchMs.toFixed(0)} ms`);
// check and one edit: ratios to a full generate of the same project, measured on the first
// CHECK_SIZE sources so that several rounds fit in the benchmark's time.
const checkSources = sample(CHECK_SIZE).includes(EDITED)
  ? sample(CHECK_SIZE)
  : [...sample(CHECK_SIZE).slice(0, -1), EDITED];
const checked = project(`check-${CHECK_SIZE}`, checkSources);
// The full run starts from an empty cache and fills it; the run after the edit finds the other contracts there.
const cacheDir = path.join(work, "cache");
const cached = ["--cache-dir", cacheDir];
const checkRuns: Measured[] = [];
const regenerateRuns: Measured[] = [];
const fullRuns: Measured[] = [];
const editedFile = path.join(checked.dir, "src", EDITED);
const original = readFileSync(editedFile, "utf8");
for (let round = 0; round < RUNS; round++) {
  rmSync(cacheDir, { recursive: true, force: true });
  fullRuns.push(charter(checked, "generate", true, cached));
  checkRuns.push(charter(checked, "check"));
  // One source changes (its description), and the tree is regenerated in place.
  const edited = JSON.parse(original) as Record<string, unknown>;
  edited["description"] = `${String(edited["description"] ?? "")} (edit ${round})`;
  writeFileSync(editedFile, JSON.stringify(edited, null, 2));
  regenerateRuns.push(charter(checked, "generate", false, cached));
  writeFileSync(editedFile, original);
  log(
    `check ${seconds(checkRuns.at(-1)!.ms)} s, full ${seconds(fullRuns.at(-1)!.ms)} s, after one edit ${seconds(regenerateRuns.at(-1)!.ms)} s`,
  );
}
// The everyday loop on the same project (a --keep-going project exits 1 where some contract has errors).
const projectLoop = measureLoop(checked.dir, checked.args("generate").slice(2), loopRounds, [0, 1]);
log(
  `${CHECK_SIZE} sources: unchanged generate ${seconds(projectLoop.noop)} s, --no-cache ${seconds(projectLoop.cold)} s`,
);
// Most of the heap of a full run is garbage V8 has not collected yet, because the default heap
// limit (from the machine's memory) lets it grow: the same run with a heap limit.
rmSync(path.join(all.dir, "generated"), { recursive: true, force: true });
// A run that exhausts the limited heap is a figure too (V8 aborts it): the report says so instead of stopping here.
let limited: Measured | undefined;
try {
  limited = child<Measured>("measure-cli.ts", all.args("generate"), `--max-old-space-size=${HEAP_LIMIT_MIB}`);
  log(
    `generate, all, heap limit ${HEAP_LIMIT_MIB} MiB: ${seconds(limited.ms)} s, ${Math.round(limited.maxRssKb / 1024)} MiB`,
  );
} catch (error) {
  log(`generate, all, heap limit ${HEAP_LIMIT_MIB} MiB: failed (${(error as Error).message.split("\n")[0]})`);
}
// Where the time of a full run goes: the same project compiled in memory, on one thread.
const profile = child<{ ms: number; stages: Record<string, number> }>("profile-stages.ts", [
  path.join(checked.dir, "src"),
  SCHEMASTORE,
]);
log(`stages of one thread: ${JSON.stringify(profile.stages)}`);
// The last full run's tree is still there: what charter writes.
const charterTypes = typesSize(path.join(all.dir, "generated", "types"));
const naiveTypes = typesSize(path.join(work, "naive", "types"));
const charterValidatorBytes = bytesUnder(path.join(all.dir, "generated", "validators"), ".js");
const naiveValidatorBytes = bytesUnder(path.join(work, "naive", "validators"), ".js");
const manifest = JSON.parse(readFileSync(path.join(all.dir, "generated", "manifest.json"), "utf8")) as {
  contracts: unknown[];
};

// Scaling: N sources spread over the corpus.
const scaling: { size: number; ms: number; peakMiB: number }[] = [];
for (const size of SIZES) {
  const p = project(`sample-${size}`, sample(size));
  const runs: Measured[] = [];
  for (let round = 0; round < RUNS; round++) runs.push(charter(p, "generate"));
  scaling.push({
    size,
    ms: median(runs.map((r) => r.ms)),
    peakMiB: Math.max(...runs.map((r) => r.maxRssKb)) / 1024,
  });
  log(`generate, ${size} spread: ${seconds(scaling.at(-1)!.ms)} s`);
}
scaling.push({
  size: names.length,
  ms: median(generateRuns.map((r) => r.ms)),
  peakMiB: Math.max(...generateRuns.map((r) => r.maxRssKb)) / 1024,
});

// The runtime: bench-validators.ts measures it and writes its own report, included below.
const trial = Number.isFinite(LIMIT);
let runtimeReport = "(not measured in a BENCH_LIMIT trial)\n";
if (!trial) {
  // Its printed report is this run's figures; docs/benchmarks/validators.md says how to read them.
  const runtime = spawnSync(process.execPath, [TSX, path.join(REPO, "scripts/bench-validators.ts")], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    maxBuffer: 16 * 1024 * 1024,
  });
  if (runtime.status !== 0) throw new Error("bench-validators.ts failed");
  process.stdout.write(runtime.stdout);
  runtimeReport = `How to read these figures: [docs/benchmarks/validators.md](benchmarks/validators.md).\n\n${runtime.stdout}`;
}

rmSync(work, { recursive: true, force: true });

const generateMs = median(generateRuns.map((r) => r.ms));
const naiveMs = median(naiveRuns.map((r) => r.ms));
const checkMs = median(checkRuns.map((r) => r.ms));
const fullMs = median(fullRuns.map((r) => r.ms));
const regenerateMs = median(regenerateRuns.map((r) => r.ms));
const peakMiB = Math.max(...generateRuns.map((r) => r.maxRssKb)) / 1024;
const exponent = scalingExponent(scaling);
const verdict = (ratio: number, target: number, atMost = true) =>
  (atMost ? ratio <= target : ratio >= target) ? "met" : `**missed** by ${(ratio / target).toFixed(1)}x`;
const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
const loopRow = (label: string, side: number, base: number, target: number) =>
  `| ${label} | ${(side / 1000).toFixed(2)} s | ${(base / 1000).toFixed(2)} s | ${(side / base).toFixed(3)} | ≤ ${target}: ${verdict(side / base, target)} |`;
const noopRows = (loop: LoopFigures, where: string) => [
  loopRow(
    `\`generate\` with nothing changed vs \`generate --no-cache\` (${where})`,
    loop.noop,
    loop.cold,
    TARGETS.noop,
  ),
  loopRow(`\`check\` vs \`generate --no-cache\` (${where})`, loop.check, loop.cold, TARGETS.check),
];
const sizeRow = (label: string, s: TypesSize) =>
  `| ${label} | ${s.files} | ${mb(s.bytes)} MB | ${s.lines.toLocaleString("en")} | ${s.openSignatures.toLocaleString("en")} | ${s.numberedNames.toLocaleString("en")} |`;

const report = [
  "# Benchmarks",
  "",
  `<!-- Written by \`npm run bench\` (scripts/bench/pipeline.ts); figures from one run on the machine below. -->`,
  "",
  `Measured ${new Date().toISOString().slice(0, 10)} at ${commit} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? "unknown CPU"}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.type()} ${os.release()}, Node ${process.version}.`,
  `Corpus: the SchemaStore part of \`../shared/corpora\`, ${names.length} schemas (${manifest.contracts.length} contracts produced; the others have located errors, such as references to other hosts).`,
  `Each figure is the median of ${RUNS} fresh processes; the two sides of each ratio ran interleaved. The machine is shared and noisy: ratios are the result, seconds are context.`,
  "",
  "| measure | charter | baseline | ratio | target |",
  "| --- | --- | --- | --- | --- |",
  `| full \`generate\` vs the naive pipeline | ${seconds(generateMs)} s | ${seconds(naiveMs)} s | ${(generateMs / naiveMs).toFixed(2)} | ≤ ${TARGETS.generate}: ${verdict(generateMs / naiveMs, TARGETS.generate)} |`,
  `| validators written (bytes) | ${mb(charterValidatorBytes)} MB | ${mb(naiveValidatorBytes)} MB | ${(charterValidatorBytes / naiveValidatorBytes).toFixed(2)} | ≤ ${TARGETS.validatorBytes}: ${verdict(charterValidatorBytes / naiveValidatorBytes, TARGETS.validatorBytes)} |`,
  `| types written (bytes) | ${mb(charterTypes.bytes)} MB | ${mb(naiveTypes.bytes)} MB | ${(charterTypes.bytes / naiveTypes.bytes).toFixed(2)} | ≤ ${TARGETS.typesBytes}: ${verdict(charterTypes.bytes / naiveTypes.bytes, TARGETS.typesBytes)} |`,
  `| \`check\` on an unchanged tree vs \`generate\` (${CHECK_SIZE} sources) | ${seconds(checkMs)} s | ${seconds(fullMs)} s | ${(checkMs / fullMs).toFixed(2)} | ≤ ${TARGETS.check}: ${verdict(checkMs / fullMs, TARGETS.check)} |`,
  `| \`generate\` after one source changed vs a full run (${CHECK_SIZE} sources) | ${seconds(regenerateMs)} s | ${seconds(fullMs)} s | ${(regenerateMs / fullMs).toFixed(2)} | ≤ ${TARGETS.incremental}: ${verdict(regenerateMs / fullMs, TARGETS.incremental)} |`,
  ...noopRows(repositoryLoop, "this repository"),
  loopRow(
    `\`check\` vs \`check\` at ${BASELINE_COMMIT} (this repository, each on the tree it generated)`,
    repositoryLoop.check,
    repositoryLoop.baselineCheck!,
    TARGETS.checkBaseline,
  ),
  loopRow(
    `the same, \`check --no-cache\`: no compiled code of TypeScript, prettier and the generator either`,
    repositoryLoop.coldCheck,
    repositoryLoop.baselineCheck!,
    TARGETS.checkBaseline,
  ),
  loopRow(
    `\`watch\`: one save to its output written, less the ${WATCH_DEBOUNCE_MS} ms debounce, vs \`generate --no-cache\` (this repository, median of 10 edits)`,
    watchMs - WATCH_DEBOUNCE_MS,
    repositoryLoop.cold,
    TARGETS.watch,
  ),
  ...noopRows(projectLoop, `${CHECK_SIZE} sources`),
  ...docsRows(median(docsRuns.map((r) => r.ms)), generateMs, siteBytes, indexPage),
  `| peak memory of \`generate\` (max RSS) | ${peakMiB.toFixed(0)} MiB | | | < ${TARGETS.peakMiB} MiB: ${verdict(peakMiB, TARGETS.peakMiB)} |`,
  limited
    ? `| the same with \`NODE_OPTIONS=--max-old-space-size=${HEAP_LIMIT_MIB}\` | ${(limited.maxRssKb / 1024).toFixed(0)} MiB (${seconds(limited.ms)} s) | | | < ${TARGETS.peakMiB} MiB: ${verdict(limited.maxRssKb / 1024, TARGETS.peakMiB)} |`
    : `| the same with \`NODE_OPTIONS=--max-old-space-size=${HEAP_LIMIT_MIB}\` | ran out of heap (V8 aborted the run) | | | < ${TARGETS.peakMiB} MiB: **missed** |`,
  "",
  `Every charter row times whole processes of the built CLI (\`node dist/cli/charter.js\`, as users run it; peak memory read by a module preloaded into it, \`scripts/bench/report-peak-memory.mjs\`). The rows of the everyday loop are medians of ${loopRounds} interleaved rounds. Node's own start-up (\`node -e 0\`) is ${(repositoryLoop.node / 1000).toFixed(2)} s: ${Math.round((100 * repositoryLoop.node) / repositoryLoop.noop)} % of the unchanged \`generate\` of this repository, ${Math.round((100 * projectLoop.node) / projectLoop.noop)} % of that of ${CHECK_SIZE} sources.`,
  "",
  `Where the time goes: the ${CHECK_SIZE}-source project compiled in memory on one thread, without a cache (\`scripts/bench/profile-stages.ts\`), ${seconds(profile.ms)} s: ${Object.entries(
    profile.stages,
  )
    .map(([stage, ms]) => `${stage} ${seconds(ms)} s (${Math.round((100 * ms) / profile.ms)} %)`)
    .join(
      ", ",
    )} (python: this pipeline's Python package target, on here). \`generate\` runs the validators on a worker thread beside the Python package and the types.`,
  "",
  // What the figures mean is written by hand; every rewrite, a trial's too, carries it over from the committed page.
  ...keptSummary(path.join(REPO, "docs/benchmarks.md")),
  "## Scaling",
  "",
  "| contracts (sources) | generate | peak memory (max RSS) |",
  "| --- | --- | --- |",
  ...scaling.map((p) => `| ${p.size} | ${seconds(p.ms)} s | ${p.peakMiB.toFixed(0)} MiB |`),
  "",
  `Fitted exponent of time ≈ c · sources^k: **k = ${exponent.toFixed(2)}** (1 is linear). Each size is N sources spread evenly over the corpus by name (the first N would be whichever schema family sorts first); they pull in what they reference through the catalog, so sizes are approximate.`,
  "",
  "## What each side writes",
  "",
  "| types | files | bytes | lines | `[k: string]: unknown` | numbered names (`Options27` beside `Options`) |",
  "| --- | --- | --- | --- | --- | --- |",
  sizeRow("charter", charterTypes),
  sizeRow("naive (json-schema-to-typescript defaults)", naiveTypes),
  "",
  `Diagnostics of a full \`generate\` (no config file: each setting at its default), by code: ${Object.entries(
    generateRuns[0]!.codes,
  )
    .sort()
    .map(([c, n]) => `${c} ${n}`)
    .join(", ")}.`,
  "",
  `Validators: charter ${mb(charterValidatorBytes)} MB (one module per contract), naive ${mb(naiveValidatorBytes)} MB (one standalone module per schema).`,
  `Naive pipeline, median run: types for ${naiveRuns[0]!.typesOk} of ${names.length} schemas, validators for ${naiveRuns[0]!.validatorsOk}; ${seconds(median(naiveRuns.map((r) => r.typesMs)))} s in json-schema-to-typescript, ${seconds(median(naiveRuns.map((r) => r.validatorsMs)))} s in ajv.`,
  "",
  "## Commands",
  "",
  "- charter: `charter generate --source src --out generated --base-uri https://json.schemastore.org/ --type-names qualified --keep-going` with both SchemaStore hosts mapped by `--catalog` to the sources (`check` with the same flags).",
  "- naive: `scripts/bench/naive-pipeline.ts`: json-schema-to-typescript's `compile` with its defaults per schema (HTTP references closed), and ajv's `standaloneCode` per schema from one instance per dialect holding every schema of the folder.",
  "- one edit: the root `description` of `" +
    EDITED +
    "` changes, then `generate` runs on the existing tree. Both this run and the full run it is compared with use `--cache-dir` (the full run starts with it empty); `check` never reads the cache.",
  "",
  "## Runtime",
  "",
  runtimeReport
    .replace(/^# .*\n+/, "")
    .replace(/^(#+) /gm, "#$1 ")
    .trim(),
  "",
].join("\n");
// A trial's figures are not the corpus's: they never overwrite the committed report.
const target = trial ? path.join(os.tmpdir(), "charter-benchmarks-trial.md") : path.join(REPO, "docs/benchmarks.md");
writeFileSync(target, report);
log(`wrote ${target}`);
