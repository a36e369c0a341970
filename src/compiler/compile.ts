import path from "node:path";
import { BUNDLE_CODES } from "./bundle/codes.js";
import { declaredInstances, readCounterexample, type DeclaredInstance } from "./check/declared-counterexamples.js";
import { declaredVersion } from "./check/declared-version.js";
import { declaredRules, type DeclaredRules } from "./check/declared-rules.js";
import { CHECK_CODES } from "./check/codes.js";
import { checkMetaSchema } from "./check/meta-schema.js";
import { lintSource } from "./check/lints.js";
import { referenceCycles } from "./check/reference-cycles.js";
import { danglingReferences } from "./check/reachable-references.js";
import { bundleContract, dependencyClosure, type Bundle } from "./bundle/bundle-contract.js";
import { digestSchema } from "./bundle/digest.js";
import { errorAt, hasErrors, sortDiagnostics, type Diagnostic } from "../core/diagnostic.js";
import { LOAD_CODES } from "./load/codes.js";
import { TaskCache } from "./cache/task-cache.js";
import { defaultJobs, type TaskSettings } from "./parallel/run-tasks.js";
import type { JsonValue } from "../core/json-value.js";
import { discoverSources } from "./load/discover-sources.js";
import { loadInstanceFiles, orphanInstanceFolders } from "./load/instance-files.js";
import { loadSource } from "./load/load-source.js";
import { outputClashes } from "./load/output-clashes.js";
import { createDocument } from "./resolve/create-document.js";
import type { CatalogMapping } from "./resolve/catalog-file.js";
import { resolveReferences, type FailedSource } from "./resolve/resolve-references.js";
import type { SchemaDocument } from "./resolve/schema-document.js";
import { metaSchemaDialects } from "./resolve/meta-schema-dialect.js";
import { resolutionFor, type ResolutionSettings } from "./resolve/resolution-settings.js";
import { referencedSchemas } from "./resolve/referenced-schemas.js";
import { sourceUri } from "./resolve/uri.js";
import { emitManifest, MANIFEST_VERSION, type ManifestContract } from "../targets/manifest/emit-manifest.js";
import { moduleStem, schemaPath, type OutputFiles } from "../targets/output-files.js";
import { emitSchemas } from "../targets/schemas/emit-schemas.js";
import { TYPES_CODES } from "../targets/types/codes.js";
import { emitTypes } from "../targets/types/emit-types.js";
import { startValidators, validatorPath } from "../targets/validators/emit-validators.js";
import { typesPath } from "../targets/types/module-paths.js";
import { DEFAULT_VALIDATION, policyFor, type ValidationSettings } from "../targets/validators/policy.js";
import { renderRepairsReport, REPAIRS_REPORT_PATH } from "../targets/types/repairs-report.js";
import { assignTypeNames, type NameClashes, type NamingStyle } from "../targets/type-names.js";
import { REPAIRS } from "../repairs/registry.js";
import type { Repair } from "../repairs/repair.js";

export interface CompileOptions {
  /** Absolute path of the source directory. */
  sourceDir: string;
  /** Absolute path of the output directory (only used to relate it to the sources). */
  outDir: string;
  /** Prefix of every contract's canonical `$id`. */
  baseUri: string;
  catalog: readonly CatalogMapping[];
  /** Dialect and `$id` reach of sources, by contract or folder (the config's `resolution`); catalog files take theirs from `catalog`. */
  resolution?: ResolutionSettings;
  /** How type names are made when the source names none (default `short`). */
  typeNaming?: NamingStyle;
  /** What two schemas given one derived type name do: `qualify` renames one and warns (default), `error` refuses both. */
  typeNameClashes?: NameClashes;
  /** The repairs to apply (default: all registered). */
  repairs?: readonly Repair[];
  /** Told the name of each stage as it starts (a terminal's progress display); never affects the output. */
  onProgress?: (stage: string) => void;
  /** The version of the whole set of contracts (the config's `version`), for those that declare none. */
  version?: string;
  /** Compile the generated types and the contracts' examples under strict flags (default true). */
  typeCheck?: boolean;
  /** Generate validators (default true); benchmarks of the other stages turn it off. */
  validators?: boolean;
  /** Unknown formats and ajv's strict mode, by contract (default: formats ignored, lenient). */
  validation?: ValidationSettings;
  /** Worker threads for the per-contract work (default: the machine's cores, at most 8; 1 runs everything in this thread). */
  jobs?: number;
  /**
   * Folder of the cache of per-contract results, keyed by their whole input
   * and charter's fingerprint (default: none, every result computed afresh).
   */
  cacheDir?: string | undefined;
}

export interface CompileResult {
  /** The whole output tree, for the contracts that compiled. */
  files: OutputFiles;
  diagnostics: Diagnostic[];
  /** Contract names produced, and those that were not. */
  produced: string[];
  failed: string[];
  /** Cache entries that were damaged, removed and computed afresh in this run (0 without a cache). */
  cacheDamaged: number;
  /** Produced contracts that lack an artifact (their types or their validator failed), with what they lack: their schema is still written. */
  incomplete: { name: string; missing: ("types" | "validator")[] }[];
  /** What the run made, for the summary a person reads. */
  summary: { typesModules: number; validators: number; repairsApplied: number; instancesChecked: number };
  /** Milliseconds per stage, and per contract for types: for summaries and benchmarks, never for output. */
  timings: { stages: Record<string, number>; types: Map<string, number>; importedTypeReferences: number; onWorkerThreads: number };
}

export function canonicalId(baseUri: string, name: string): string {
  return baseUri + name.split("/").map(encodeURIComponent).join("/") + ".schema.json";
}

/**
 * The pipeline, in order: load, resolve, bundle, emit. Returns the output tree
 * in memory; writing it (or comparing it) is the caller's business.
 */
export async function compile(options: CompileOptions): Promise<CompileResult> {
  const diagnostics: Diagnostic[] = [];
  const stages: Record<string, number> = {};
  let clock = performance.now();
  // The stage that starts after each one, for a progress display.
  const NEXT: Record<string, string> = { load: "resolving references", resolve: "checking the sources", check: "bundling", bundle: "types and validators", types: "validators", validators: "the manifest" };
  const lap = (stage: string) => {
    const now = performance.now();
    stages[stage] = now - clock;
    clock = now;
    if (NEXT[stage] !== undefined) options.onProgress?.(NEXT[stage]);
  };
  options.onProgress?.("loading the sources");

  const tasks: TaskSettings = { jobs: options.jobs ?? defaultJobs(), cache: options.cacheDir !== undefined ? await TaskCache.open(options.cacheDir) : undefined, onProgress: options.onProgress };

  // load
  const sources = await discoverSources(options.sourceDir);
  // Sources whose outputs would be one file (on this machine, or where letter case is ignored) are refused.
  const clashes = outputClashes(sources, moduleStem);
  const documents: SchemaDocument[] = [];
  const failedSources: FailedSource[] = [];
  const failedNames: string[] = [];
  // Every source is parsed first: a `$schema` may name a custom meta-schema that another source, or a catalog file, defines.
  const loadedSources = new Map<string, Awaited<ReturnType<typeof loadSource>>>();
  for (const source of sources) if (!clashes.has(source.relativePath)) loadedSources.set(source.relativePath, await loadSource(source.absolutePath));
  const declaredSchemas: string[] = [];
  const sourcesById = new Map<string, JsonValue>();
  for (const { parsed } of loadedSources.values()) {
    const [declared, id] = [rootString(parsed?.value, "$schema"), rootString(parsed?.value, "$id")];
    if (declared !== undefined) declaredSchemas.push(declared);
    if (id !== undefined) sourcesById.set(id.replace(/#$/, ""), parsed!.value);
  }
  const customDialects = await metaSchemaDialects(declaredSchemas, sourcesById, options.catalog, loadSource);
  for (const source of sources) {
    const key = `source:${source.relativePath}`;
    const uri = sourceUri(source.relativePath);
    const clash = clashes.get(source.relativePath);
    if (clash !== undefined) {
      diagnostics.push(errorAt(LOAD_CODES.nameClash, clash, { file: source.absolutePath, position: { line: 1, column: 1 } }));
      failedSources.push({ uri, file: source.absolutePath, key });
      failedNames.push(source.name);
      continue;
    }
    const loaded = loadedSources.get(source.relativePath)!;
    const resolution = resolutionFor(options.resolution, source.name);
    const created = loaded.parsed
      ? createDocument(
          loaded.parsed,
          { key, kind: "source", name: source.name, file: source.absolutePath, relativePath: source.relativePath, retrievalUri: uri, ...(resolution.ids === "local" ? { ids: "local" as const } : {}) },
          resolution.dialect,
          customDialects,
        )
      : { diagnostics: [] };
    diagnostics.push(...loaded.diagnostics, ...created.diagnostics);
    if (created.document) documents.push(created.document);
    else {
      failedSources.push({ uri, file: source.absolutePath, key });
      failedNames.push(source.name);
    }
  }

  diagnostics.push(...(await orphanInstanceFolders(options.sourceDir, new Set(sources.map((s) => s.name)))));
  lap("load");
  // resolve
  const graph = await resolveReferences(documents, options.catalog, loadSource, failedSources);
  diagnostics.push(...graph.diagnostics);
  for (const entry of graph.documents.values()) diagnostics.push(...entry.diagnostics);

  lap("resolve");
  // check: what the contracts declare beyond JSON Schema
  const failed = new Set(failedNames);
  const rulesOf = new Map<string, DeclaredRules>();
  const versionOf = new Map<string, string>();
  const instancesOf = new Map<string, DeclaredInstance[]>();
  const cycles = referenceCycles(graph, new Set(documents.map((d) => d.key)));
  diagnostics.push(...cycles);
  for (const d of cycles) failed.add(documents.find((document) => document.file === d.file)!.name);
  // A reference that names nothing fails only the contracts whose root reaches it; elsewhere it is a warning.
  const dangling = danglingReferences(graph, documents.map((d) => d.key));
  diagnostics.push(...dangling.diagnostics);
  // Every schema some reference resolves to: for unused definitions, and to tell schemas from examples.
  const referencedTargets = referencedSchemas(graph);
  for (const document of documents) {
    // Real-world schemas break their meta-schemas in harmless ways (a textual `deprecated`):
    // warnings when lenient, errors when strict.
    const strict = policyFor(options.validation ?? DEFAULT_VALIDATION, document.name).strictness === "strict";
    const meta = checkMetaSchema(document).map((d) => (d.code === CHECK_CODES.metaSchema.code && !strict ? { ...d, severity: "warning" as const } : d));
    const checked = declaredRules(document);
    const version = declaredVersion(document);
    checked.diagnostics.push(...version.diagnostics);
    if (version.version !== undefined) versionOf.set(document.name, version.version);
    const declared = declaredInstances(document, (pointer) => referencedTargets.has(`${document.key}#${pointer}`));
    const beside = await loadInstanceFiles(options.sourceDir, document.name);
    declared.diagnostics.push(...beside.diagnostics);
    for (const { file, parsed } of beside.examples) {
      declared.instances.push({ schemaPointer: "", value: parsed.value, file, position: parsed.positions.get("") ?? { line: 1, column: 1 }, pointer: "" });
    }
    for (const { file, parsed } of beside.counterexamples) {
      const read = readCounterexample(parsed.value, "the counterexample");
      const position = parsed.positions.get("") ?? { line: 1, column: 1 };
      if ("problem" in read) declared.diagnostics.push(errorAt(CHECK_CODES.badCounterexamples, read.problem, { file, position, pointer: "" }));
      else declared.instances.push({ schemaPointer: "", ...read, file, position, pointer: "" });
    }
    // A contract whose patterns run in the linear engine has no backtracking to warn about (CH318).
    const linear = policyFor(options.validation ?? DEFAULT_VALIDATION, document.name).patterns === "linear";
    const lints = lintSource(document, (pointer) => referencedTargets.has(`${document.key}#${pointer}`), { linearPatterns: linear });
    diagnostics.push(...meta, ...checked.diagnostics, ...declared.diagnostics, ...lints);
    if (hasErrors(meta) || hasErrors(checked.diagnostics) || hasErrors(declared.diagnostics) || hasErrors(lints)) failed.add(document.name);
    if (checked.rules.size > 0) rulesOf.set(document.name, checked.rules);
    // A definition that reaches a reference naming nothing exports no validator, so its instances are not run.
    const withheld = dangling.withheld.get(document.key);
    instancesOf.set(document.name, withheld ? declared.instances.filter((i) => !withheld.has(i.schemaPointer)) : declared.instances);
  }

  lap("check");
  // bundle
  const bundles: Bundle[] = [];
  // A document is broken when resolving it failed, or when the check stage refused its contract.
  const refusedKeys = new Set(documents.filter((d) => failed.has(d.name)).map((d) => d.key));
  const broken = (key: string) => {
    const entry = graph.documents.get(key);
    return !entry || hasErrors(entry.diagnostics) || refusedKeys.has(key);
  };
  for (const document of documents) {
    if (failed.has(document.name)) continue;
    if (broken(document.key)) {
      failed.add(document.name);
      continue;
    }
    const badDependencies = dependencyClosure(graph, document.key).filter(broken);
    if (badDependencies.length > 0) {
      failed.add(document.name);
      diagnostics.push(
        errorAt(
          BUNDLE_CODES.dependencyFailed,
          `contract "${document.name}" is not produced: it references ${badDependencies.map(describeKey).join(", ")}, which has errors`,
          { file: document.file, position: { line: 1, column: 1 } },
        ),
      );
      continue;
    }
    const reached = dangling.reachedFromRoot.get(document.key);
    if (reached) {
      failed.add(document.name);
      // One in its own document is its error there; one elsewhere is named here.
      for (const { documentKey, reference } of reached.filter((site) => site.documentKey !== document.key)) {
        const { site, dangling: finding } = reference;
        diagnostics.push(
          errorAt(
            BUNDLE_CODES.dependencyFailed,
            `contract "${document.name}" is not produced: evaluation from its root reaches ${site.keyword} "${site.value}" at ${describeKey(documentKey)}:${finding.line ?? 1}:${finding.column ?? 1}, which names nothing`,
            { file: document.file, position: { line: 1, column: 1 } },
          ),
        );
      }
      continue;
    }
    const result = bundleContract(graph, document.key, (name) => canonicalId(options.baseUri, name), policyFor(options.validation ?? DEFAULT_VALIDATION, document.name).refSiblings);
    diagnostics.push(...result.diagnostics);
    if (result.bundle) bundles.push(result.bundle);
    else failed.add(document.name);
  }

  lap("bundle");
  // emit
  const files: OutputFiles = new Map();
  for (const [file, content] of emitSchemas(bundles)) files.set(file, content);
  const sourceOf = new Map(documents.map((d) => [d.name, d]));
  const digests = new Map(bundles.map((b) => [b.name, digestSchema(b.schema)]));
  const typesContracts = bundles.map((b) => ({ key: sourceOf.get(b.name)!.key, name: b.name, source: sourceOf.get(b.name)!.relativePath!, digest: digests.get(b.name)! }));
  const names = assignTypeNames(graph, typesContracts.map((c) => c.key), options.typeNaming ?? "short", options.typeNameClashes ?? "qualify");
  // The validators compile on worker threads while this thread makes the types; their declarations then import the types.
  const validatorsUnderWay = startValidators(
    (options.validators ?? true ? bundles : []).map((b) => ({
      bundle: b,
      key: sourceOf.get(b.name)!.key,
      file: sourceOf.get(b.name)!.file,
      digest: digests.get(b.name)!,
      rules: rulesOf.get(b.name) ?? new Map(),
      policy: policyFor(options.validation ?? DEFAULT_VALIDATION, b.name),
      source: sourceOf.get(b.name)!,
      instances: instancesOf.get(b.name) ?? [],
    })),
    withoutExports(names, dangling.withheld),
    tasks,
  );
  const types = await emitTypes(graph, typesContracts, options.repairs ?? REPAIRS, names, options.typeCheck ?? true, tasks.cache);
  lap("types");
  // An example that does not fit its type is as severe as one its schema rejects: the contract's `validation.examples`.
  const contractOfFile = new Map(documents.map((d) => [d.file, d.name]));
  const examplesSeverity = (file: string | undefined) => (file === undefined ? "error" : policyFor(options.validation ?? DEFAULT_VALIDATION, contractOfFile.get(file) ?? "").examples);
  diagnostics.push(...types.diagnostics.map((d) => (d.code === TYPES_CODES.exampleType.code ? { ...d, severity: examplesSeverity(d.file) } : d)));
  for (const [file, content] of types.files) files.set(file, content);
  const validators = await validatorsUnderWay.finish((name) => (types.produced.has(name) ? typesPath(name) : undefined));
  lap("validators");
  diagnostics.push(...validators.diagnostics);
  for (const [file, content] of validators.files) files.set(file, content);
  if (types.files.size > 0) files.set(REPAIRS_REPORT_PATH, renderRepairsReport(options.repairs ?? REPAIRS, types.applications));

  const contracts: ManifestContract[] = bundles.map((bundle) => ({
    name: bundle.name,
    $id: bundle.id,
    dialect: bundle.dialect,
    source: sourceOf.get(bundle.name)!.relativePath!,
    artifacts: {
      schema: schemaPath(bundle.name),
      ...(types.produced.has(bundle.name) ? { types: typesPath(bundle.name) } : {}),
      ...(validators.produced.has(bundle.name) ? { validator: validatorPath(bundle.name) } : {}),
    },
    digest: digests.get(bundle.name)!,
    embeds: bundle.embedded.map((key) => graph.documents.get(key)!.document.name),
    ...(rulesOf.has(bundle.name) ? { rules: Object.fromEntries(rulesOf.get(bundle.name)!) } : {}),
    ...(versionOf.has(bundle.name) ? { version: versionOf.get(bundle.name)! } : {}),
  }));
  for (const [file, content] of emitManifest({
    manifestVersion: MANIFEST_VERSION,
    baseUri: options.baseUri,
    sourceRoot: toPosix(path.relative(options.outDir, options.sourceDir)) || ".",
    ...(options.version !== undefined ? { version: options.version } : {}),
    contracts,
  })) {
    files.set(file, content);
  }

  return {
    files,
    diagnostics: sortDiagnostics(diagnostics),
    produced: bundles.map((b) => b.name),
    failed: [...failed].sort(),
    cacheDamaged: tasks.cache?.damaged ?? 0,
    incomplete: bundles
      .map((b) => ({
        name: b.name,
        missing: [...(types.produced.has(b.name) ? [] : ["types" as const]), ...(validators.produced.has(b.name) || options.validators === false ? [] : ["validator" as const])],
      }))
      .filter((c) => c.missing.length > 0),
    summary: {
      typesModules: types.produced.size,
      validators: validators.produced.size,
      repairsApplied: types.applications.length,
      instancesChecked: bundles.reduce((n, b) => n + (instancesOf.get(b.name)?.length ?? 0), 0),
    },
    timings: { stages, types: types.durations, importedTypeReferences: types.importedReferences, onWorkerThreads: validators.onWorkerThreads },
  };
}

/** The type names validators export, less the definitions that reach a reference naming nothing (they are not whole). */
function withoutExports<T extends { byDocument: Map<string, Map<string, string>> }>(names: T, withheld: ReadonlyMap<string, ReadonlySet<string>>): T {
  if (withheld.size === 0) return names;
  const byDocument = new Map([...names.byDocument].map(([key, pointers]) => [key, new Map([...pointers].filter(([pointer]) => !withheld.get(key)?.has(pointer)))]));
  return { ...names, byDocument };
}

function describeKey(key: string): string {
  return key.replace(/^(source|catalog):/, "");
}

function toPosix(p: string): string {
  return p.split(path.sep).join("/");
}

/** A string member of a document's root object, if there is one. */
function rootString(value: JsonValue | undefined, key: string): string | undefined {
  const member = value !== null && typeof value === "object" && !Array.isArray(value) ? value[key] : undefined;
  return typeof member === "string" ? member : undefined;
}
