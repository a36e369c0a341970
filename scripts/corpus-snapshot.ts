/**
 * Writes what `compile()` makes of the whole SchemaStore corpus to a folder: every output file,
 * and the diagnostics, produced and failed contracts as JSON. Two snapshots compared with
 * `diff -r` show whether a change of the compiler changed its output (a refactor must not):
 * `npm run corpus:snapshot -- /tmp/before`, change, `npm run corpus:snapshot -- /tmp/after`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { compile } from "../src/pipeline/compile.js";
import { SCHEMASTORE_OPTIONS } from "./schemastore-corpus.js";

const out = process.argv[2];
if (out === undefined) {
  console.error("usage: corpus-snapshot.ts <folder>");
  process.exit(2);
}
const result = await compile(SCHEMASTORE_OPTIONS);
for (const [file, text] of result.files) {
  const target = path.join(out, "files", file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, text);
}
const relative = (file: string | undefined) =>
  file === undefined ? undefined : path.relative(SCHEMASTORE_OPTIONS.sourceDir, file);
const diagnostics = result.diagnostics.map((d) => ({ ...d, file: relative(d.file) }));
writeFileSync(path.join(out, "diagnostics.json"), `${JSON.stringify(diagnostics, null, 1)}\n`);
writeFileSync(
  path.join(out, "contracts.json"),
  `${JSON.stringify({ produced: result.produced, failed: result.failed, incomplete: result.incomplete }, null, 1)}\n`,
);
console.log(
  `${result.files.size} files, ${result.diagnostics.length} diagnostics, ${result.produced.length} produced, ${result.failed.length} failed: ${out}`,
);
