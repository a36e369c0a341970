/**
 * How `charter validate` scales with the number of violations it reports: whole processes on
 * data files with N members a closed object does not declare (one violation each), printing
 * every violation (`--max-errors 0`), then a 1,000,000-member file with the default limit.
 * Each time is the median of BENCH_RUNS runs (default 3); the scaling exponent of time over N
 * is 1 for linear and 2 for quadratic, read against the smallest size in the same run. Then YAML
 * aliases: files of one anchor and N aliases to it, valid, the same way. Then large data: JSON
 * files of N small objects, with one violation near the middle, time and peak memory against the
 * file's size. Then endless input: /dev/zero against the default size limit.
 *
 *   npm run bench:validate [-- CHARTER_ROOT]   (default: this checkout)
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { median, scalingExponent } from "./stats.js";

const ROOT = path.resolve(process.argv[2] ?? fileURLToPath(new URL("../..", import.meta.url)));
const MAIN = path.join(ROOT, "src/cli/main.ts");
const TSX = pathToFileURL(fileURLToPath(new URL("../../node_modules/tsx/dist/loader.mjs", import.meta.url))).href;
const RUNS = Number(process.env["BENCH_RUNS"] ?? 3);
const SIZES = [5_000, 10_000, 20_000];
const MILLION = 1_000_000;

const PEAK = pathToFileURL(fileURLToPath(new URL("./report-peak-memory.mjs", import.meta.url))).href;

function charter(cwd: string, args: string[]): { ms: number; code: number | null; peakMiB: number } {
  const peakFile = path.join(cwd, ".peak");
  const started = performance.now();
  // Output to /dev/null: what is measured is making the report, not a terminal drawing it.
  const result = spawnSync(process.execPath, ["--import", TSX, "--import", PEAK, MAIN, ...args], {
    cwd,
    stdio: ["ignore", "ignore", "ignore"],
    timeout: 600_000,
    env: { ...process.env, CHARTER_PEAK_FILE: peakFile },
  });
  const ms = performance.now() - started;
  const peakMiB = Number(readFileSync(peakFile, "utf8")) / 1024;
  return { ms, code: result.status, peakMiB };
}

/** `count` small objects in one array, the one in the middle with a wrong type and a stray member. */
function manyObjects(count: number): string {
  const parts = Array.from({ length: count }, (_, i) => `{"id":${i},"name":"n${i}"}`);
  parts[count >> 1] = '{"id":"bad","name":"x","extra":1}';
  return `{"items":[\n${parts.join(",\n")}\n]}\n`;
}

function wide(count: number): string {
  const lines = ["id: A-100"];
  for (let i = 0; i < count; i++) lines.push(`k${i}: 1`);
  return lines.join("\n") + "\n";
}

/** One anchored mapping and `count` aliases to it (a 20,000-alias file is 140 KB). */
function aliases(count: number): string {
  return "id: A-100\nbase: &a {x: 1}\nlist:\n" + "  - *a\n".repeat(count);
}

function wideJson(count: number): string {
  const members = ['"id":"A-100"'];
  for (let i = 0; i < count; i++) members.push(`"k${i}":1`);
  return `{${members.join(",")}}\n`;
}

const dir = mkdtempSync(path.join(tmpdir(), "charter-bench-validate-"));
try {
  mkdirSync(path.join(dir, "schema-src"));
  writeFileSync(
    path.join(dir, "schema-src/order.yaml"),
    "type: object\nrequired: [id]\nadditionalProperties: false\nproperties:\n  id: { type: string }\n",
  );
  writeFileSync(
    path.join(dir, "schema-src/listing.yaml"),
    "type: object\nrequired: [id]\nproperties:\n  id: { type: string }\n  list: { type: array, items: { type: object } }\n",
  );
  writeFileSync(
    path.join(dir, "schema-src/catalog.yaml"),
    "type: object\nproperties:\n  items:\n    type: array\n    items:\n      type: object\n      additionalProperties: false\n      properties:\n        id: { type: integer }\n        name: { type: string }\n",
  );
  if (charter(dir, ["generate"]).code !== 0) throw new Error("generate failed");
  for (const size of [...SIZES, MILLION]) writeFileSync(path.join(dir, `wide-${size}.yaml`), wide(size));
  for (const size of SIZES) writeFileSync(path.join(dir, `aliases-${size}.yaml`), aliases(size));
  writeFileSync(path.join(dir, `wide-${MILLION}.json`), wideJson(MILLION));

  const measure = (args: string[]) => median(Array.from({ length: RUNS }, () => charter(dir, args).ms));
  const points = SIZES.map((size) => ({
    size,
    ms: measure(["validate", "order", `wide-${size}.yaml`, "--max-errors", "0"]),
  }));
  const json = SIZES.map((size) => ({
    size,
    ms: measure(["validate", "order", `wide-${size}.yaml`, "--format", "json"]),
  }));
  console.log(`charter validate at ${ROOT}, median of ${RUNS} whole processes\n`);
  console.log("| violations | text, every one printed | vs 5,000 | json | vs 5,000 |");
  console.log("| --- | --- | --- | --- | --- |");
  points.forEach((p, i) => {
    const j = json[i]!;
    console.log(
      `| ${p.size.toLocaleString("en")} | ${(p.ms / 1000).toFixed(2)} s | ${(p.ms / points[0]!.ms).toFixed(2)} | ${(j.ms / 1000).toFixed(2)} s | ${(j.ms / json[0]!.ms).toFixed(2)} |`,
    );
  });
  console.log(
    `\nscaling exponent (1 linear, 2 quadratic): text ${scalingExponent(points).toFixed(2)}, json ${scalingExponent(json).toFixed(2)}`,
  );
  const aliased = SIZES.map((size) => ({ size, ms: measure(["validate", "listing", `aliases-${size}.yaml`]) }));
  console.log("\n| aliases | valid, whole process | vs 5,000 |\n| --- | --- | --- |");
  for (const p of aliased)
    console.log(
      `| ${p.size.toLocaleString("en")} | ${(p.ms / 1000).toFixed(2)} s | ${(p.ms / aliased[0]!.ms).toFixed(2)} |`,
    );
  console.log(`\nscaling exponent of aliases: ${scalingExponent(aliased).toFixed(2)}`);
  console.log("\n| JSON objects | file | time | peak memory | memory / file |\n| --- | --- | --- | --- | --- |");
  for (const count of [300_000, 1_200_000, 2_400_000]) {
    const file = path.join(dir, `objects-${count}.json`);
    writeFileSync(file, manyObjects(count));
    const mib = statSync(file).size / 1024 / 1024;
    const run = charter(dir, ["validate", "catalog", file, "--max-size", "1024"]);
    if (run.code !== 1) throw new Error(`validate of ${count} objects exited ${run.code}`);
    console.log(
      `| ${count.toLocaleString("en")} | ${mib.toFixed(0)} MiB | ${(run.ms / 1000).toFixed(1)} s | ${run.peakMiB.toFixed(0)} MiB | ${(run.peakMiB / mib).toFixed(1)} |`,
    );
    rmSync(file);
  }
  // Endless input: /dev/zero is read to the default limit and refused there.
  const endless = charter(dir, ["validate", "catalog", "/dev/zero"]);
  console.log(
    `\n/dev/zero, default --max-size (256 MiB): ${(endless.ms / 1000).toFixed(1)} s, ${endless.peakMiB.toFixed(0)} MiB peak (exit ${endless.code})`,
  );
  for (const extension of ["yaml", "json"]) {
    const million = charter(dir, ["validate", "order", `wide-${MILLION}.${extension}`]);
    console.log(
      `1,000,000 stray members, ${extension.toUpperCase()}, default text output: ${(million.ms / 1000).toFixed(1)} s (exit ${million.code})`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
