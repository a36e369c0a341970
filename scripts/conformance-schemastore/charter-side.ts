/**
 * The charter side: the whole corpus compiled as one project, configured as
 * scripts/schemastore-corpus.ts does (catalog mapping of both SchemaStore
 * hosts to the schemas folder, qualified type names), with each contract's
 * validation settings taken from schema-validation.jsonc. The output tree is
 * written to a temp dir beside a link to this repository's node_modules, its
 * types are checked by `tsc --strict`, and the corpus instances are checked
 * through charter's runtime with the generated registry, as an application
 * (or `charter validate`) would.
 */
import { copyFileSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { compile, type CompileResult } from "../../src/pipeline/compile.js";
import type { Diagnostic } from "../../src/core/diagnostic.js";
import { DEFAULT_VALIDATION, type ValidationPolicy, type ValidationSettings } from "../../src/settings/validation.js";
import { bindContracts, type Registry } from "charter-runtime";
import { SCHEMASTORE_OPTIONS } from "../schemastore-corpus.js";
import type { Corpus } from "./corpus.js";
import type { Instance } from "./instances.js";
import { CHARTER_TREE, CORPUS_ROOT, NODE_MODULES, OUT_ROOT, SCHEMAS_DIR } from "./paths.js";
import type { CharterResults, CharterSchemaResult, DiagnosticLine, Verdict } from "./results.js";
import { runTscStrict } from "./tsc.js";
import { ALWAYS_ALLOWED_KEYWORDS, DRAFT2019_ONLY_FORMATS, type SchemaValidation } from "./upstream-rules.js";

/**
 * schema-validation.jsonc as charter settings. Upstream refuses every
 * unknown format (in both of its modes) unless listed, and runs ajv's strict
 * checks unless the schema is in `ajvNotStrictMode`. charter has no per-format
 * allow-list, so a contract with listed formats (or using a draft 2019 format
 * upstream's harness knows and ajv-formats lacks) gets `unknownFormats:
 * ignore`; every other contract `refuse`. `strictness: strict` is charter's
 * nearest setting to upstream's `strict: true`: both refuse unknown keywords
 * unless listed (upstream's list and editor keywords become `keywords`);
 * charter never refuses union types, upstream's full strict does.
 */
export function charterValidationSettings(corpus: Corpus, upstream: SchemaValidation): ValidationSettings {
  const contracts = new Map<string, Partial<ValidationPolicy>>();
  for (const schema of corpus.schemas) {
    const rules = upstream.rulesFor(schema.file);
    const text = JSON.stringify(schema.json);
    const usesDraft2019Format = DRAFT2019_ONLY_FORMATS.some((f) => text.includes(`"format":"${f}"`));
    contracts.set(schema.name, {
      strictness: rules.fullStrict ? "strict" : "lenient",
      keywords: [...rules.unknownKeywords, ...ALWAYS_ALLOWED_KEYWORDS],
      unknownFormats: rules.unknownFormats.length > 0 || usesDraft2019Format ? "ignore" : "refuse",
    });
  }
  // Whatever else the corpus options set (formats asserted in every dialect, as ajv does upstream) stays.
  const base = SCHEMASTORE_OPTIONS.validation?.defaults ?? DEFAULT_VALIDATION.defaults;
  return { defaults: { ...base, unknownFormats: "refuse", strictness: "strict" }, contracts };
}

function line(d: Diagnostic): DiagnosticLine {
  const at = d.file ? `${path.relative(CORPUS_ROOT, d.file)}:${d.line ?? 0}:${d.column ?? 0}` : "";
  return { code: d.code, severity: d.severity, at, message: d.message.replace(/\s+/g, " ").slice(0, 400) };
}

/** The diagnostics that concern contract `name`: placed in its source, or naming it when unplaced (CH606). */
function diagnosticsOf(result: CompileResult, name: string, file: string): Diagnostic[] {
  return result.diagnostics.filter((d) => d.file === file || (d.file === undefined && d.message.includes(`"${name}"`)));
}

/** For a contract refused because of another document (CH402, CH604): that document's errors, by the file names its message gives. */
function dependencyErrorsOf(result: CompileResult, own: readonly Diagnostic[]): Diagnostic[] {
  const names = new Set<string>();
  for (const d of own) {
    if (d.code !== "CH402" && d.code !== "CH604") continue;
    for (const m of d.message.matchAll(/([\w.@+-]+)\.json\b/g)) names.add(`${m[1]}.json`);
  }
  return result.diagnostics.filter(
    (d) => d.severity === "error" && d.file !== undefined && names.has(path.basename(d.file)) && d.code !== "CH402",
  );
}

function describeViolations(errors: readonly { pointer: string; keyword: string; message: string }[]): string[] {
  return errors.slice(0, 3).map((e) => `${e.pointer || "/"} ${e.keyword}: ${e.message}`.slice(0, 200));
}

/**
 * `subset`: compile only these schemas, copied into a scratch source folder
 * (the catalog still maps both hosts to the whole corpus), as
 * test/corpus/schemastore-subset.test.ts does: for trying the runner in
 * seconds. Without it, the whole corpus is one project.
 */
export async function runCharter(
  corpus: Corpus,
  upstream: SchemaValidation,
  instancesOf: (name: string) => readonly Instance[],
  measured: readonly string[],
  subset?: readonly string[],
): Promise<CharterResults> {
  const wallStarted = performance.now();
  let sourceDir = SCHEMASTORE_OPTIONS.sourceDir;
  if (subset) {
    sourceDir = path.join(OUT_ROOT, "charter-subset-sources");
    rmSync(sourceDir, { recursive: true, force: true });
    mkdirSync(sourceDir, { recursive: true });
    for (const name of subset)
      copyFileSync(path.join(SCHEMAS_DIR, `${name}.json`), path.join(sourceDir, `${name}.json`));
  }
  const compiled = await compile({
    ...SCHEMASTORE_OPTIONS,
    sourceDir,
    validation: charterValidationSettings(corpus, upstream),
  });
  const sourceOf = (name: string) => path.join(sourceDir, `${name}.json`);
  const compileMs = performance.now() - wallStarted;

  // Write the tree where Node can import it: out/ beside a node_modules link, under an ES module package.
  let clock = performance.now();
  rmSync(CHARTER_TREE, { recursive: true, force: true });
  const outDir = path.join(CHARTER_TREE, "out");
  mkdirSync(outDir, { recursive: true });
  symlinkSync(NODE_MODULES, path.join(CHARTER_TREE, "node_modules"));
  writeFileSync(path.join(CHARTER_TREE, "package.json"), JSON.stringify({ private: true, type: "module" }) + "\n");
  for (const [file, content] of compiled.files) {
    const target = path.join(outDir, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
  const writeMs = performance.now() - clock;

  // tsc --strict over every written types module (they import each other, so one program).
  const typeFiles = [...compiled.files.keys()]
    .filter((f) => f.startsWith("types/") && f.endsWith(".ts"))
    .map((f) => path.join(outDir, f));
  const tsc = runTscStrict(CHARTER_TREE, typeFiles);
  if (tsc.global.length > 0) console.warn(`tsc (charter types): ${tsc.global.join("; ").slice(0, 500)}`);

  // The instances, through the runtime bound to the generated registry, schema checks only.
  clock = performance.now();
  const schemas: CharterSchemaResult[] = [];
  const registryFile = path.join(outDir, "validators", "index.js");
  const registry = compiled.files.has("validators/index.js")
    ? ((await import(pathToFileURL(registryFile).href)) as { registry: Registry }).registry
    : {};
  const runtime = bindContracts(registry, { skipRules: true });
  const produced = new Set(compiled.produced);
  for (const name of measured) {
    const own = diagnosticsOf(compiled, name, sourceOf(name));
    const warningCodes: Record<string, number> = {};
    for (const d of own) if (d.severity === "warning") warningCodes[d.code] = (warningCodes[d.code] ?? 0) + 1;
    const typesFile = path.join(outDir, "types", `${name}.ts`);
    const typesText = compiled.files.get(`types/${name}.ts`);
    const typesProduced = typesText !== undefined;
    const tscErrors = tsc.errorsByFile.get(typesFile);
    const validatorProduced = compiled.files.has(`validators/${name}.js`);
    const verdicts: Verdict[] = [];
    if (validatorProduced) {
      for (const instance of instancesOf(name)) {
        if (instance.status !== "parsed") continue;
        const checked = await runtime.validate(name, instance.value);
        verdicts.push(
          checked.ok
            ? { file: instance.file, kind: instance.kind, accepted: true }
            : { file: instance.file, kind: instance.kind, accepted: false, errors: describeViolations(checked.errors) },
        );
      }
    }
    schemas.push({
      name,
      bundled: produced.has(name),
      typesProduced,
      typesBytes: typesText === undefined ? 0 : Buffer.byteLength(typesText),
      typesLines: typesText === undefined ? 0 : typesText.split("\n").length - (typesText.endsWith("\n") ? 1 : 0),
      typesTscOk: typesProduced ? tscErrors === undefined && tsc.global.length === 0 : undefined,
      ...(tscErrors ? { tscErrors: tscErrors.slice(0, 5) } : {}),
      validatorProduced,
      errors: own.filter((d) => d.severity === "error").map(line),
      dependencyErrors: dependencyErrorsOf(compiled, own).map(line),
      warningCodes,
      verdicts,
    });
  }
  const instancesMs = performance.now() - clock;

  const diagnosticsByCode: Record<string, number> = {};
  for (const d of compiled.diagnostics) diagnosticsByCode[d.code] = (diagnosticsByCode[d.code] ?? 0) + 1;
  return {
    side: "charter",
    wallMs: performance.now() - wallStarted,
    stageMs: Object.fromEntries(Object.entries(compiled.timings.stages).map(([k, v]) => [k, Math.round(v)])),
    compileMs,
    writeMs,
    tscMs: tsc.ms,
    instancesMs,
    diagnosticsByCode,
    schemas,
  };
}
