/**
 * Runs the whole SchemaStore corpus through the compiler (in memory, nothing
 * written) and reports what was bundled, what was not and why, and whether
 * ajv compiles each bundle on its own. Too slow for CI: run it with
 * `npm run corpus:schemastore`.
 */
import path from "node:path";
import { Ajv, type Options } from "ajv";
import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { compile } from "../src/pipeline/compile.js";
import { SCHEMASTORE_OPTIONS } from "./schemastore-corpus.js";

const started = performance.now();
const result = await compile(SCHEMASTORE_OPTIONS);
const seconds = ((performance.now() - started) / 1000).toFixed(1);

const total = result.produced.length + result.failed.length;
console.log(
  `schemas: ${total}, bundled: ${result.produced.length}, not bundled: ${result.failed.length} (${seconds} s)`,
);

const withTypes = [...result.files.keys()].filter((f) => f.startsWith("types/") && f !== "types/index.ts").length;
console.log(
  `types: ${withTypes} of ${result.produced.length} bundled contracts have a module that compiles under strict flags (in memory, with each contract's examples)`,
);
console.log(
  `type references served by an import instead of a second declaration: ${result.timings.importedTypeReferences}`,
);
console.log(
  "stage times (ms):",
  Object.fromEntries(Object.entries(result.timings.stages).map(([k, v]) => [k, Math.round(v)])),
);
const slowest = [...result.timings.types].sort((a, b) => b[1] - a[1]).slice(0, 10);
console.log(
  "slowest ten contracts for types (ms):",
  slowest.map(([name, ms]) => `${name} ${Math.round(ms)}`).join(", "),
);

const byCode = new Map<string, number>();
for (const d of result.diagnostics) byCode.set(d.code, (byCode.get(d.code) ?? 0) + 1);
console.log("diagnostics by code:", Object.fromEntries([...byCode].sort()));
for (const d of result.diagnostics.filter((d) => !d.code.startsWith("CH6") && d.code !== "CH110")) {
  console.log(
    `  ${path.relative(process.cwd(), d.file ?? "")}:${d.line ?? 0}:${d.column ?? 0}: ${d.code} ${d.message.slice(0, 160)}`,
  );
}

const typeFindings = result.diagnostics.filter((d) => d.code.startsWith("CH6"));
for (const d of typeFindings.slice(0, 40))
  console.log(`  ${path.basename(d.file ?? "")}:${d.line ?? 0}: ${d.code} ${d.message.slice(0, 200)}`);
if (typeFindings.length > 40) console.log(`  ... ${typeFindings.length - 40} more type findings`);

// Does each bundle stand alone? ajv must compile it with no other schema loaded.
const options: Options = { strict: false, allErrors: false, validateFormats: false, logger: false };
let compiled = 0;
let skipped = 0;
const failures: string[] = [];
for (const name of result.produced) {
  const schema = JSON.parse(result.files.get(`schemas/${name}.schema.json`)!) as { $schema?: string };
  const dialect = schema.$schema ?? "";
  if (dialect.includes("draft-04")) {
    skipped++;
    continue;
  }
  const ajv = dialect.includes("2020-12")
    ? new Ajv2020(options)
    : dialect.includes("2019-09")
      ? new Ajv2019(options)
      : new Ajv(options);
  addFormats.default(ajv);
  try {
    ajv.compile(schema);
    compiled++;
  } catch (error) {
    failures.push(`${name}: ${(error as Error).message.split("\n")[0]!.slice(0, 160)}`);
  }
}
console.log(
  `ajv compiles ${compiled} bundles alone; ${failures.length} fail; ${skipped} draft-04 bundles not tried (ajv needs ajv-draft-04)`,
);
for (const failure of failures) console.log(`  ${failure}`);
