/**
 * Naive pipeline (a): ajv used directly, the way SchemaStore's harness uses
 * it, one ajv instance per schema: the class for the schema's dialect
 * (draft-04 through ajv-draft-04, draft-06 with its meta-schema added),
 * ajv-formats, upstream's strictness and allowances from
 * schema-validation.jsonc, and every corpus file the schema reaches through
 * `$ref` added with `addSchema` (under its own `$id` and the catalogue's URIs
 * for it), so references resolve offline. Then `compile`, and the corpus's
 * positive and negative instances.
 */
import { createRequire } from "node:module";
import type { Ajv, ErrorObject, Options, ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { ajvForDialect } from "../../src/schema/ajv-for-dialect.js";
import type { Corpus, CorpusSchema } from "./corpus.js";
import type { Instance } from "./instances.js";
import type { AjvSchemaResult, Verdict } from "./results.js";
import { ALWAYS_ALLOWED_KEYWORDS, DRAFT2019_ONLY_FORMATS, type UpstreamRules } from "./upstream-rules.js";

const require = createRequire(import.meta.url);
const DRAFT06_META = require("ajv/dist/refs/json-schema-draft-06.json") as object;

/** ajv options as upstream sets them: `strict: true`, or its relaxed set for `ajvNotStrictMode`. */
export function upstreamAjvOptions(fullStrict: boolean): Options {
  const strictness: Options = fullStrict
    ? { strict: true }
    : { strictTypes: false, strictTuples: false, allowMatchingProperties: true };
  // The logger only keeps ajv quiet; "log"-level findings never change a verdict.
  return { ...strictness, logger: false };
}

export function describeAjvErrors(errors: readonly ErrorObject[] | null | undefined, limit = 3): string[] {
  return (errors ?? [])
    .slice(0, limit)
    .map((e) => `${e.instancePath || "/"} ${e.keyword}: ${e.message ?? ""}`.slice(0, 200));
}

function createUpstreamAjv(schema: CorpusSchema, rules: UpstreamRules, notes: string[]): Ajv {
  const ajv = ajvForDialect(schema.dialect!, upstreamAjvOptions(rules.fullStrict));
  if (schema.dialect === "draft-06") ajv.addMetaSchema(DRAFT06_META);
  addFormats.default(ajv);
  if (schema.dialect !== "draft-04" && schema.dialect !== "draft-06") {
    for (const format of DRAFT2019_ONLY_FORMATS) ajv.addFormat(format, true);
  }
  for (const format of rules.unknownFormats) ajv.addFormat(format, true);
  for (const keyword of [...rules.unknownKeywords, ...ALWAYS_ALLOWED_KEYWORDS]) {
    try {
      ajv.addKeyword(keyword);
    } catch (error) {
      // e.g. `examples` listed for a draft-04 schema's dependency but known to this class: already an annotation.
      notes.push(`addKeyword(${keyword}): ${(error as Error).message}`);
    }
  }
  return ajv;
}

/** Adds a corpus file under its declared id (or its catalogue URI) and every other URI that names it. */
function addCorpusSchema(ajv: Ajv, corpus: Corpus, schema: CorpusSchema, failures: string[]): void {
  const aliases = corpus.aliasesOf(schema);
  const primary = schema.declaredId ?? aliases[0]!;
  try {
    if (schema.declaredId) ajv.addSchema(schema.json as object);
    else ajv.addSchema(schema.json as object, primary);
  } catch (error) {
    failures.push(`${schema.file}: ${(error as Error).message.split("\n")[0]}`);
    return;
  }
  for (const alias of aliases) {
    if (alias === primary) continue;
    try {
      // Same object: ajv's cache returns the environment it already built, now also under this key.
      ajv.addSchema(schema.json as object, alias);
    } catch {
      // the URI is taken (another file declares it): the first one keeps it
    }
  }
}

/** ajv for the schema as upstream sets it up, its dependencies added, and the compiled function; or why not. */
function compileUpstream(
  corpus: Corpus,
  schema: CorpusSchema,
  rules: UpstreamRules,
  result: AjvSchemaResult,
): ValidateFunction | undefined {
  if (schema.dialect === undefined) {
    result.error = "no known $schema: upstream's harness has no ajv class for it";
    return undefined;
  }
  try {
    const ajv = createUpstreamAjv(schema, rules, result.notes);
    const dependencies = new Set(corpus.closure(schema));
    for (const file of rules.externalSchemas) {
      const external = corpus.byFile.get(file);
      if (external && external !== schema) dependencies.add(external);
    }
    for (const dependency of [...dependencies].sort((a, b) => (a.file < b.file ? -1 : 1))) {
      result.added.push(dependency.file);
      addCorpusSchema(ajv, corpus, dependency, result.addFailures);
    }
    // The schema itself under its file's URI too, so its relative references resolve as they would from the catalogue.
    addCorpusSchema(ajv, corpus, schema, result.addFailures);
    return ajv.compile(schema.json as object);
  } catch (error) {
    result.error = (error as Error).message.split("\n")[0]!.slice(0, 400);
    return undefined;
  }
}

export function runNaiveAjv(
  corpus: Corpus,
  schema: CorpusSchema,
  rules: UpstreamRules,
  instances: readonly Instance[],
): AjvSchemaResult {
  const started = performance.now();
  const result: AjvSchemaResult = {
    name: schema.name,
    compiled: false,
    added: [],
    addFailures: [],
    notes: [],
    verdicts: [],
    ms: 0,
  };
  const validate = compileUpstream(corpus, schema, rules, result);
  if (validate) {
    result.compiled = true;
    for (const instance of instances) {
      if (instance.status !== "parsed") continue;
      const accepted = validate(instance.value) === true;
      const verdict: Verdict = { file: instance.file, kind: instance.kind, accepted };
      if (!accepted) verdict.errors = describeAjvErrors(validate.errors);
      result.verdicts.push(verdict);
    }
  }
  result.ms = Math.round(performance.now() - started);
  return result;
}
