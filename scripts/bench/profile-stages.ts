/**
 * Child process of the pipeline benchmark: compiles one project in memory,
 * on this thread only and without a cache, and prints, as the last line of
 * stdout, the milliseconds of each stage, so that the report can say where
 * the time of a full run goes.
 *
 *   tsx scripts/bench/profile-stages.ts SOURCE_DIR CATALOG_DIR
 */
import path from "node:path";
import { compile } from "../../src/pipeline/compile.js";

const [sourceDir, catalogDir] = process.argv.slice(2);
const started = performance.now();
const result = await compile({
  sourceDir: sourceDir!,
  outDir: path.join(sourceDir!, "..", "generated"),
  baseUri: "https://json.schemastore.org/",
  catalog: [
    { prefix: "https://json.schemastore.org/", dir: catalogDir! },
    { prefix: "https://www.schemastore.org/", dir: catalogDir! },
  ],
  typeNaming: "qualified",
  // The Python package too, so that its share of a run stands beside the types' and the validators'.
  python: { package: "corpus_models" },
  jobs: 1,
});
process.stdout.write(JSON.stringify({ ms: performance.now() - started, stages: result.timings.stages }) + "\n");
