/**
 * Child process of the pipeline benchmark: the pipeline a maintainer would
 * hand-roll, once per schema and in sequence: json-schema-to-typescript with
 * its defaults (HTTP references closed: nothing here reaches a network), and
 * ajv standalone code from an instance per dialect that holds every schema
 * of the folder, so cross-file references resolve. Writes `types/NAME.ts` and
 * `validators/NAME.js` under OUT and prints a JSON summary as its last line.
 *
 *   tsx scripts/bench/naive-pipeline.ts SCHEMAS_DIR OUT
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Ajv as AjvInstance, AnySchemaObject } from "ajv";
import standaloneCode from "ajv/dist/standalone/index.js";
import addFormats from "ajv-formats";
import { compile as generateTypes } from "json-schema-to-typescript";
import { ajvForDialect } from "../../src/schema/ajv-for-dialect.js";
import { dialectOf, type Dialect } from "../../src/schema/dialect.js";

const [schemasDir, out] = process.argv.slice(2) as [string, string];
mkdirSync(path.join(out, "types"), { recursive: true });
mkdirSync(path.join(out, "validators"), { recursive: true });

const files = readdirSync(schemasDir)
  .filter((f) => f.endsWith(".json"))
  .sort();
const schemas = new Map(
  files.map((f) => [f, JSON.parse(readFileSync(path.join(schemasDir, f), "utf8")) as AnySchemaObject]),
);

const instances = new Map<Dialect, AjvInstance>();
function ajvFor(schema: AnySchemaObject): AjvInstance {
  // Without $schema, `new Ajv()` is what a maintainer reaches for: draft-07.
  const dialect: Dialect = (typeof schema.$schema === "string" ? dialectOf(schema.$schema) : undefined) ?? "draft-07";
  let ajv = instances.get(dialect);
  if (ajv === undefined) {
    ajv = ajvForDialect(dialect, { strict: false, logger: false, code: { source: true, esm: true } });
    addFormats.default(ajv);
    // Every schema of the folder, under its file URL and its $id, so references between files resolve.
    for (const [file, other] of schemas) {
      const { $id, id, ...rest } = other;
      const declared = typeof $id === "string" ? $id : typeof id === "string" ? id : undefined;
      try {
        ajv.addSchema(rest, `https://json.schemastore.org/${file}`);
        if (declared !== undefined && declared !== `https://json.schemastore.org/${file}`)
          ajv.addSchema(rest, declared);
      } catch {
        // A schema ajv cannot even add is counted when it is compiled below.
      }
    }
    instances.set(dialect, ajv);
  }
  return ajv;
}

const quiet = { error: console.error, log: console.log, warn: console.warn };
const summary = {
  schemas: files.length,
  typesOk: 0,
  typesFailed: 0,
  validatorsOk: 0,
  validatorsFailed: 0,
  typesMs: 0,
  validatorsMs: 0,
};
const started = performance.now();
// BENCH_LIMIT (a trial of the benchmark) compiles the first N schemas; references still reach them all.
const compiled = [...schemas].slice(0, Number(process.env["BENCH_LIMIT"] ?? Infinity));
summary.schemas = compiled.length;
for (const [file, schema] of compiled) {
  const name = file.replace(/\.json$/, "");
  let clock = performance.now();
  console.error = console.log = console.warn = () => {};
  try {
    const ts = await generateTypes(structuredClone(schema) as never, name, {
      cwd: schemasDir,
      $refOptions: { resolve: { http: false } },
    });
    writeFileSync(path.join(out, "types", `${name}.ts`), ts);
    summary.typesOk++;
  } catch {
    summary.typesFailed++;
  } finally {
    Object.assign(console, quiet);
  }
  summary.typesMs += performance.now() - clock;
  clock = performance.now();
  try {
    const ajv = ajvFor(schema);
    const validate = ajv.getSchema(`https://json.schemastore.org/${file}`);
    if (validate === undefined) throw new Error("not compiled");
    writeFileSync(path.join(out, "validators", `${name}.js`), standaloneCode.default(ajv, validate));
    summary.validatorsOk++;
  } catch {
    summary.validatorsFailed++;
  }
  summary.validatorsMs += performance.now() - clock;
}
process.stdout.write(
  JSON.stringify({ ...summary, ms: performance.now() - started, maxRssKb: process.resourceUsage().maxRSS }) + "\n",
);
