/**
 * Runs the JSON-Schema-Test-Suite through charter (sources compiled by the real
 * pipeline, data checked by the generated validators through the runtime) and
 * through ajv directly, and reports where each passes and where they differ.
 * Too slow for CI:
 *
 *   npx tsx scripts/conformance/run-suite.ts [--suite DIR] [--draft NAME]... [--split draft|file|group] [--type-check] [--out DIR]
 *
 * Writes its trees under OUT/work (recreated) and the report to OUT/report.md
 * (default OUT: /tmp/conformance), and prints the report.
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { runAjv } from "./ajv-side.js";
import { runCharter, SPLITS, type Split } from "./charter-side.js";
import { renderReport, type DraftRun } from "./report.js";
import { DRAFTS, readDraft, readRemotes, remotesDir, type Draft } from "./suite.js";

const NODE_MODULES = fileURLToPath(new URL("../../node_modules", import.meta.url));

const { values } = parseArgs({
  options: {
    suite: {
      type: "string",
      default: fileURLToPath(new URL("../../../shared/corpora/json-schema-test-suite", import.meta.url)),
    },
    draft: { type: "string", multiple: true },
    split: { type: "string", default: "draft" },
    "type-check": { type: "boolean", default: false },
    out: { type: "string", default: "/tmp/conformance" },
  },
});
const drafts = (values.draft ?? [...DRAFTS]) as Draft[];
const unknownDraft = drafts.find((d) => !DRAFTS.includes(d));
if (unknownDraft !== undefined) throw new Error(`unknown draft "${unknownDraft}"; the drafts are ${DRAFTS.join(", ")}`);
if (!SPLITS.includes(values.split as Split)) throw new Error(`--split must be one of ${SPLITS.join(", ")}`);
const split = values.split as Split;
const suiteDir = path.resolve(values.suite);
const outDir = path.resolve(values.out);
const workDir = path.join(outDir, "work");

const started = performance.now();
const cpuStarted = process.cpuUsage();
rmSync(workDir, { recursive: true, force: true });
mkdirSync(workDir, { recursive: true });
// The generated validators import charter-runtime, found through this link as a client would find it.
symlinkSync(NODE_MODULES, path.join(workDir, "node_modules"));

const remotes = readRemotes(suiteDir);
const runs: DraftRun[] = [];
for (const draft of drafts) {
  const groups = readDraft(suiteDir, draft);
  const charter = await runCharter(groups, {
    split,
    typeCheck: values["type-check"],
    remotesDir: remotesDir(suiteDir),
    workDir: path.join(workDir, draft),
  });
  const ajvStarted = performance.now();
  const ajv = runAjv(draft, groups, remotes);
  runs.push({ draft, groups, charter, ajv, ajvMs: performance.now() - ajvStarted });
}
const report = renderReport(runs, {
  suiteDir,
  split,
  typeCheck: values["type-check"],
  totalMs: performance.now() - started,
  cpuMs: cpuMs(process.cpuUsage(cpuStarted)),
});
writeFileSync(path.join(outDir, "report.md"), report);
process.stdout.write(report);

function cpuMs(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1000;
}
