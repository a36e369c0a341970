/**
 * `npm run bench:python`: the Python target's verdicts against the committed validators (issue
 * 37), for this repository's declared instances (generated/ as committed) and for every
 * instance of the SchemaStore corpus whose contract gets a Python module (compiled here with
 * the python target on). Writes its section of docs/benchmarks.md (report.ts) and prints it.
 *
 *   npx tsx scripts/bench-python/main.ts [--sets repo,schemastore] [--only a,b] [--no-write]
 *
 * `--only` compiles just those corpus schemas (a trial: the page is not written). The run fails
 * (exit 1, each instance listed) where a helper's verdict differs from the validator's or a bare
 * model rejects an instance the validator accepts: on the whole corpus it is the test that the
 * CI slice (test/python/corpus-agreement.test.ts) stands for. The TypeScript
 * column needs a saved `npm run bench:precision` run (`-- --mutants 0` is enough) in
 * BENCH_PRECISION_OUT (default /tmp/bench-precision). BENCH_PYTHON_OUT (default
 * /tmp/bench-python) holds the compiled corpus.
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { pythonWithPydantic } from "../../test/python/python-env.js";
import { corpusCases, repoCases } from "./cases.js";
import { CORPUS_PACKAGE, corpusTree } from "./corpus-tree.js";
import { renderSection, writeSection, type SetFigures } from "./report.js";
import { precisionResultsFile, tally } from "./tally.js";
import { verdictsOf, type Verdict } from "./verdicts.js";

const { values: args } = parseArgs({
  options: {
    sets: { type: "string", default: "repo,schemastore" },
    only: { type: "string" },
    "no-write": { type: "boolean", default: false },
  },
});
const REPO = fileURLToPath(new URL("../../", import.meta.url));
const OUT = process.env["BENCH_PYTHON_OUT"] ?? "/tmp/bench-python";
const log = (line: string) => process.stderr.write(`${line}\n`);
const sets = new Set(args.sets!.split(",").map((s) => s.trim()));
const only = args.only?.split(",").map((s) => s.trim().replace(/\.json$/, ""));
const started = performance.now();

const found = pythonWithPydantic();
if ("missing" in found) throw new Error(found.missing);
const python = found.python;
if (spawnSync(python, ["-c", "import jsonschema, referencing"]).status !== 0)
  throw new Error(`${python} has no jsonschema: the helpers would check the models alone (pip install jsonschema)`);

const figures: SetFigures[] = [];
/** Instances where the Python target is wrong, whatever the figures say. */
const breaches: string[] = [];
function noteBreaches(set: string, verdicts: readonly Verdict[]): void {
  for (const v of verdicts) {
    if (v.helper !== v.ajv) breaches.push(`${set} ${v.source}: helper ${v.helper}, validator ${v.ajv}`);
    if (v.ajv && !v.model)
      breaches.push(`${set} ${v.source}: the model rejects a valid instance (${v.modelError ?? ""})`);
  }
}
if (sets.has("repo")) {
  log("this repository's declared instances…");
  const { verdicts } = await verdictsOf(path.join(REPO, "generated"), "charter_contracts", python, repoCases());
  noteBreaches("repo", verdicts);
  figures.push({
    title: "this repository",
    facts: ["every example and counterexample of schema-src/, through generated/ as committed."],
    tally: tally(verdicts),
  });
}
if (sets.has("schemastore")) {
  log(`SchemaStore: compiling ${only ? only.join(", ") : "the corpus"} with the python target…`);
  const tree = await corpusTree(OUT, only);
  log(`  ${tree.produced.length} contracts in ${(tree.compileMs / 1000).toFixed(1)} s; judging…`);
  const { cases, notRead } = await corpusCases(tree.produced);
  const { verdicts, withoutModule } = await verdictsOf(tree.dir, CORPUS_PACKAGE, python, cases);
  noteBreaches("schemastore", verdicts);
  const contracts = new Set(verdicts.map((v) => v.contract)).size;
  const modules = countModules(path.join(tree.dir, CORPUS_PACKAGE, CORPUS_PACKAGE));
  figures.push({
    title: `SchemaStore${only ? ` (only ${only.join(", ")})` : ""}`,
    facts: [
      `the ${readdirSync(path.join(REPO, "..", "shared", "corpora", "schemastore", "schemas")).length} schemas of ../shared/corpora compiled as one project (scripts/schemastore-corpus.ts's options, type check off, python target on) in ${(tree.compileMs / 1000).toFixed(1)} s: ${tree.produced.length} contracts, ${modules} Python modules; the instances of test/ and negative_test/ of the ${contracts} contracts with a module and instances (${withoutModule} instance(s) of contracts without a module or validator left out; ${notRead} file(s) not read: TOML without a parser, or unparseable).`,
    ],
    tally: tally(verdicts, only ? undefined : precisionResultsFile("schemastore")),
  });
}

function countModules(folder: string): number {
  return readdirSync(folder, { recursive: true, encoding: "utf8" }).filter(
    // Contract modules: the package's own (`_contract.py`, `_ecma.py`) and `__init__.py` start with `_`.
    (f) => f.endsWith(".py") && !path.basename(f).startsWith("_"),
  ).length;
}

const head = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: REPO, encoding: "utf8" }).stdout.trim();
const pydantic = spawnSync(
  python,
  ["-c", "import pydantic, jsonschema, importlib.metadata as m; print(pydantic.VERSION, m.version('jsonschema'))"],
  {
    encoding: "utf8",
  },
).stdout.trim();
const measured = `Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC at ${head}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? "?"}, Node ${process.version}, pydantic and jsonschema ${pydantic.replace(" ", " and ")}; ${((performance.now() - started) / 1000).toFixed(0)} s.`;
const section = renderSection(figures, measured);
process.stdout.write(`${section}\n`);
if (!args["no-write"] && !only) {
  writeSection(path.join(REPO, "docs", "benchmarks.md"), section);
  log("wrote docs/benchmarks.md");
}
if (breaches.length > 0) {
  log(`${breaches.length} instance(s) where the Python target is wrong:`);
  for (const line of breaches) log(`  ${line}`);
  process.exitCode = 1;
}
