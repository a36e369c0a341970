/**
 * `npm run bench`: type generation for the whole SchemaStore corpus, against
 * the baseline a maintainer would hand-roll: json-schema-to-typescript with
 * its defaults, once per schema (its own prettier pass included; only HTTP
 * references are closed, since nothing here may reach a network). Both run in
 * this process, one after the other, and the report gives their ratio.
 * Machines here have two noisy cores: compare ratios, not seconds.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { compile as generateTypes } from "json-schema-to-typescript";
import { compile } from "../src/pipeline/compile.js";
import { SCHEMASTORE, SCHEMASTORE_OPTIONS } from "./schemastore-corpus.js";

const CORPUS = SCHEMASTORE;
const files = readdirSync(CORPUS)
  .filter((f) => f.endsWith(".json"))
  .sort();

async function baseline(): Promise<{ ms: number; ok: number; failed: number }> {
  const quiet = { error: console.error, log: console.log, warn: console.warn };
  console.error = console.log = console.warn = () => {};
  const started = performance.now();
  let ok = 0;
  let failed = 0;
  try {
    for (const file of files) {
      try {
        const schema = JSON.parse(readFileSync(path.join(CORPUS, file), "utf8")) as object;
        await generateTypes(schema as never, file.replace(/\.json$/, ""), {
          cwd: CORPUS,
          $refOptions: { resolve: { http: false } },
        });
        ok++;
      } catch {
        failed++;
      }
    }
  } finally {
    Object.assign(console, quiet);
  }
  return { ms: performance.now() - started, ok, failed };
}

async function charter(typeCheck: boolean): Promise<{ ms: number; ok: number; total: number }> {
  const result = await compile({ ...SCHEMASTORE_OPTIONS, typeCheck, validators: false });
  const ok = [...result.files.keys()].filter((f) => f.startsWith("types/") && f !== "types/index.ts").length;
  return { ms: result.timings.stages["types"] ?? 0, ok, total: result.produced.length };
}

const base = await baseline();
const ours = await charter(false);
const checked = await charter(true);
const seconds = (ms: number) => (ms / 1000).toFixed(1);
console.log(`corpus: ${files.length} schemas`);
console.log(
  `baseline  json-schema-to-typescript defaults, once per schema: ${seconds(base.ms)} s (${base.ok} typed, ${base.failed} failed)`,
);
console.log(
  `charter   types stage, no type check:                        ${seconds(ours.ms)} s (${ours.ok} of ${ours.total} bundled contracts typed)`,
);
console.log(
  `charter   types stage, with the strict type check:           ${seconds(checked.ms)} s (${checked.ok} compile with their examples)`,
);
console.log(
  `ratio charter / baseline: ${(ours.ms / base.ms).toFixed(2)} without the type check, ${(checked.ms / base.ms).toFixed(2)} with it`,
);
