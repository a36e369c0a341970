/**
 * SchemaStore side-by-side conformance runner: charter against the naive
 * pipeline (ajv directly, and json-schema-to-typescript with its defaults)
 * over the corpus in ../shared/corpora/schemastore, honouring
 * schema-validation.jsonc as upstream's harness does.
 *
 *   npx tsx scripts/conformance-schemastore/main.ts [options]
 *
 *   --sides charter,ajv,json2ts   which sides to run (default: all); the others are read from earlier results
 *   --report-only                 re-render the report from the saved results
 *   --only a,b                    measure only these schemas (charter still compiles the whole corpus)
 *   --charter-subset              with --only: charter compiles only those schemas (catalog still maps the corpus); quick trials
 *   --json2ts-workers N           generator processes in parallel (default 2)
 *   --json2ts-timeout S           seconds per schema before a generator process is killed (default 180)
 *   --tsc-every N                 type-check every N-th json-schema-to-typescript output (default 1: all)
 *
 * Writes /tmp/conformance-schemastore/report.md (and results-*.json beside
 * it; CONFORMANCE_OUT moves the folder). Nothing is written elsewhere.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { runCharter } from "./charter-side.js";
import { readCorpus } from "./corpus.js";
import { instanceReader, type Instance } from "./instances.js";
import { runNaiveAjv } from "./naive-ajv.js";
import { runJson2ts } from "./naive-types.js";
import { OUT_ROOT, REPO_ROOT, REPORT_FILE } from "./paths.js";
import { renderReport } from "./report.js";
import type { AjvResults, CharterResults, Json2tsResults, SchemaFacts } from "./results.js";
import { readSchemaValidation } from "./upstream-rules.js";

const { values: args } = parseArgs({
  options: {
    sides: { type: "string", default: "charter,ajv,json2ts" },
    "report-only": { type: "boolean", default: false },
    only: { type: "string" },
    "charter-subset": { type: "boolean", default: false },
    "json2ts-workers": { type: "string", default: "2" },
    "json2ts-timeout": { type: "string", default: "180" },
    "tsc-every": { type: "string", default: "1" },
  },
});

const sides = new Set(args["report-only"] ? [] : args.sides!.split(",").map((s) => s.trim()));
const resultsFile = (side: string) => path.join(OUT_ROOT, `results-${side}.json`);
const save = (side: string, value: unknown) => writeFileSync(resultsFile(side), JSON.stringify(value, null, 1) + "\n");
const load = <T>(side: string): T | undefined =>
  existsSync(resultsFile(side)) ? (JSON.parse(readFileSync(resultsFile(side), "utf8")) as T) : undefined;
const log = (text: string) => process.stderr.write(`${text}\n`);

mkdirSync(OUT_ROOT, { recursive: true });
const corpus = readCorpus();
const upstream = readSchemaValidation();
const reader = await instanceReader();
const only = args.only ? new Set(args.only.split(",").map((s) => s.trim().replace(/\.json$/, ""))) : undefined;

// Facts every side shares: which schemas are measured, their instances, parsed once.
const instances = new Map<string, Instance[]>();
const facts: SchemaFacts[] = corpus.schemas
  .filter((s) => !only || only.has(s.name))
  .map((s) => {
    const rules = upstream.rulesFor(s.file);
    const list = reader.read(s.name);
    instances.set(s.name, list);
    const parsed = list.filter((i) => i.status === "parsed");
    return {
      name: s.name,
      file: s.file,
      dialect: s.dialect,
      skipped: rules.skip,
      fullStrict: rules.fullStrict,
      instances: {
        positive: list.filter((i) => i.kind === "positive").length,
        negative: list.filter((i) => i.kind === "negative").length,
        positiveChecked: parsed.filter((i) => i.kind === "positive").length,
        negativeChecked: parsed.filter((i) => i.kind === "negative").length,
        skipped: list.filter((i) => i.status === "skipped").length,
        unparseable: list.filter((i) => i.status === "unparseable").length,
      },
    };
  });
const measured = facts.filter((f) => !f.skipped);
const instancesOf = (name: string) => instances.get(name) ?? [];
if (!args["report-only"])
  writeFileSync(path.join(OUT_ROOT, "results-facts.json"), JSON.stringify(facts, null, 1) + "\n");

let charter = load<CharterResults>("charter");
let ajv = load<AjvResults>("ajv");
let json2ts = load<Json2tsResults>("json2ts");

if (sides.has("charter")) {
  log(`charter: compiling the whole corpus (${corpus.schemas.length} schemas) as one project…`);
  charter = await runCharter(
    corpus,
    upstream,
    instancesOf,
    measured.map((f) => f.name),
    args["charter-subset"] && only ? facts.map((f) => f.name) : undefined,
  );
  save("charter", charter);
  log(`charter: done in ${(charter.wallMs / 1000).toFixed(1)} s`);
}

if (sides.has("ajv")) {
  log(`naive ajv: ${measured.length} schemas…`);
  const started = performance.now();
  const schemas = measured.map((f) =>
    runNaiveAjv(corpus, corpus.byFile.get(f.file)!, upstream.rulesFor(f.file), instancesOf(f.name)),
  );
  ajv = { side: "ajv", wallMs: performance.now() - started, schemas };
  save("ajv", ajv);
  log(`naive ajv: done in ${(ajv.wallMs / 1000).toFixed(1)} s`);
}

if (sides.has("json2ts")) {
  log(`naive json-schema-to-typescript: ${measured.length} schemas…`);
  json2ts = await runJson2ts(
    measured.map((f) => corpus.byFile.get(f.file)!),
    {
      workers: Number(args["json2ts-workers"]),
      timeoutMs: Number(args["json2ts-timeout"]) * 1000,
      tscEvery: Math.max(1, Number(args["tsc-every"])),
    },
  );
  save("json2ts", json2ts);
  log(`naive json-schema-to-typescript: done in ${(json2ts.wallMs / 1000).toFixed(1)} s`);
}

// Other engineers edit src/ while this runs: say which tree was measured.
const git = (args: string[]) => spawnSync("git", args, { cwd: REPO_ROOT, encoding: "utf8" }).stdout?.trim() ?? "";
const dirty = git(["status", "--porcelain", "--", "src", "package.json"]).split("\n").filter(Boolean).length;
const notes = [
  `Measured tree: charter at commit ${git(["rev-parse", "--short", "HEAD"]) || "?"}${dirty > 0 ? ` with ${dirty} uncommitted change(s) under src/ or package.json at report time` : ""}; corpus SchemaStore/schemastore as recorded in ../shared/corpora/README.md. Sides are run one after another and each saves its results; a report re-rendered later may combine runs made at different times (each results-*.json is dated by its file).`,
  "Upstream semantics (SchemaStore `cli.js check`): `skiptest` schemas are not validated at all; `ajvNotStrictMode` schemas get ajv `strictTypes: false, strictTuples: false, allowMatchingProperties: true`, all others `strict: true`; `options.unknownFormat` formats are registered as always valid, `options.unknownKeywords` and a fixed list of editor keywords as annotations, `options.externalSchema` files added with `addSchema`. `highSchemaVersion`, `missingCatalogUrl`, `fileMatchConflict`, `catalogEntryNoLintNameOrDescription` and `coverage` are catalogue lints or an opt-in coverage report, not validation: ignored.",
  "Naive ajv: on top of upstream's `externalSchema`, every corpus file a schema reaches through `$ref` (transitively) is added with `addSchema`, under its declared `$id` and under `https://json.schemastore.org/NAME(.json)` and `https://www.schemastore.org/NAME(.json)`, and the schema itself under its catalogue URI when it declares no `$id`: cross-references resolve offline as charter's catalog mapping resolves them. Upstream's harness also loads `@hyperupcall/ajv-formats-draft2019` and ajv-keywords' `uniqueItemProperties`; neither is installed (no dependency may be added): `iri`, `iri-reference`, `idn-email`, `idn-hostname` are registered as unchecked formats for draft-07 and later, and `uniqueItemProperties` is not registered (no corpus schema uses it).",
  "charter: the whole corpus as one project with scripts/schemastore-corpus.ts's options (catalog mapping of both hosts to the schemas folder, qualified type names, `ids: local` for the schemas whose root `$id` another schema also declares, so that each is addressed by its file). Per contract, `strictness: strict` unless the schema is in `ajvNotStrictMode` (then `lenient`), and `unknownFormats: refuse` unless schema-validation.jsonc lists unknown formats for it (then `ignore`: charter has no per-format allow-list). charter's `strict` refuses unknown keywords as upstream's `strict: true` does (upstream's `unknownKeywords` and editor keywords passed as `validation.keywords`), but never union types.",
  "Types compiling: charter already compiles every types module in memory under `strict`, `noUncheckedIndexedAccess` and `exactOptionalPropertyTypes` and drops a module that fails (CH606), so a written module has passed a stricter check; the counts above come from running the real `tsc --strict` (skipLibCheck, NodeNext, every file a module) over the written `types/` folder, and, for the naive side, over json-schema-to-typescript's outputs.",
  "Naive json-schema-to-typescript: `compileFromFile` with default options, except `$refOptions.resolve`: `http: false`, and a resolver that reads `https://json.schemastore.org/NAME` and `https://www.schemastore.org/NAME` (and a relative `NAME` without `.json`, which the site also serves) from the schemas folder's `NAME` or `NAME.json`. References to other hosts (including json-schema.org meta-schemas) therefore fail, as they must offline. The worker processes preload test/helpers/deny-network.mjs, which records any network attempt.",
  `Instances: JSON with JSON.parse, YAML with \`YAML.parse\` of the \`yaml\` package (as upstream), TOML ${reader.tomlParser ? `with ${reader.tomlParser}` : "skipped (no TOML parser in node_modules; none may be added)"}. The same parsed value goes to both validators. charter's verdict comes from its runtime (\`bindContracts(registry, { skipRules: true }).validate\`) over the written tree.`,
  "Timings: wall clock on a shared two-core machine where other jobs were running; compare ratios, not seconds.",
];

const report = renderReport({ facts, charter, ajv, json2ts, notes });
writeFileSync(REPORT_FILE, report);
process.stdout.write(report + "\n");
log(`report: ${REPORT_FILE}`);
