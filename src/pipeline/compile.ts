import path from "node:path";
import { compareStrings, sortDiagnostics, type Diagnostic } from "../core/diagnostic.js";
import type { Bundle } from "../compiler/bundle/bundle-contract.js";
import { bundleContracts } from "../compiler/bundle/bundle-contracts.js";
import { digestSchema } from "../compiler/bundle/digest.js";
import { checkContracts, type CheckedContracts } from "../compiler/check/check-contracts.js";
import { loadSources } from "../compiler/load/load-sources.js";
import { defaultJobs, type TaskSettings } from "../tasks/run-tasks.js";
import type { TaskStore } from "../tasks/task-store.js";
import type { CatalogMapping } from "../compiler/resolve/catalog-file.js";
import type { ResolutionSettings } from "../settings/resolution.js";
import { loadSource } from "../compiler/load/load-source.js";
import { loadInstanceFiles } from "../compiler/load/instance-files.js";
import { resolveSources, type ResolvedSources } from "../compiler/resolve/resolve-sources.js";
import { emitManifest, manifestContract, MANIFEST_VERSION } from "../targets/manifest/emit-manifest.js";
import { moduleStem, typesPath, type OutputFiles, type OutputSink } from "../targets/shared/output-files.js";
import { emitSchemas } from "../targets/schemas/emit-schemas.js";
import { examplesAtTheirSeverity } from "../targets/types/check-types.js";
import { emitTypes, type TypesContract, type TypesResult } from "../targets/types/emit-types.js";
import { renderRepairsReport, REPAIRS_REPORT_PATH } from "../targets/types/repairs-report.js";
import { assignTypeNames, type NameClashes, type NamingStyle } from "../targets/shared/type-names.js";
import {
  startValidators,
  type ValidatorContract,
  type ValidatorsResult,
} from "../targets/validators/emit-validators.js";
import { refuseTooManyScopes } from "../targets/validators/too-many-scopes.js";
import {
  DEFAULT_VALIDATION,
  policyFor,
  type ValidationPolicy,
  type ValidationSettings,
} from "../settings/validation.js";
import { REPAIRS } from "../repairs/registry.js";
import type { Repair } from "../repairs/support/repair.js";
import type { ResolvedGraph } from "../schema/resolved-graph.js";
import type { SchemaDocument } from "../schema/schema-document.js";
import type { PythonSettings } from "../targets/python/emit-python.js";
import { pythonFiles } from "./python-files.js";
import { stageClock } from "./stage-clock.js";

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
   * Where per-contract results are kept between runs, keyed by their whole
   * input (default: none, every result computed afresh). The CLI opens one on
   * disk (src/cli/cache/task-cache.ts); the compiler writes no file itself.
   */
  cache?: TaskStore | undefined;
  /**
   * Where each output file goes as soon as it is made (generate writes them to a staging
   * tree, so that a corpus's output is never in memory whole); else, the result's `files`.
   */
  output?: OutputSink;
  /** The Python package target (config `targets.python`); absent: none. */
  python?: PythonSettings;
}

export interface CompileResult {
  /** The whole output tree, for the contracts that compiled; empty when `output` took the files. */
  files: OutputFiles;
  diagnostics: Diagnostic[];
  /** Contract names produced, and those that were not. */
  produced: string[];
  failed: string[];
  /** Cache entries that were damaged, removed and computed afresh in this run (0 without a cache). */
  cacheDamaged: number;
  /** Absolute paths of the files read through the catalog (outside the source directory), sorted: what else the output depends on. */
  catalogFiles: string[];
  /** Produced contracts that lack an artifact (their types or their validator failed), with what they lack: their schema is still written. */
  incomplete: { name: string; missing: ("types" | "validator")[] }[];
  /** What the run made, for the summary a person reads. */
  summary: { typesModules: number; validators: number; repairsApplied: number; instancesChecked: number };
  /** Milliseconds per stage, and per contract for types: for summaries and benchmarks, never for output. */
  timings: {
    stages: Record<string, number>;
    types: Map<string, number>;
    importedTypeReferences: number;
    onWorkerThreads: number;
  };
}

export function canonicalId(baseUri: string, name: string): string {
  return baseUri + name.split("/").map(encodeURIComponent).join("/") + ".schema.json";
}

/**
 * The pipeline, in order: load, resolve, check, bundle, then the targets:
 * schemas, types, validators, manifest. Each stage is a function of its own
 * folder; this one calls them and passes their results on. Returns the output
 * tree in memory; writing it (or comparing it) is the caller's business.
 */
export async function compile(options: CompileOptions): Promise<CompileResult> {
  const diagnostics: Diagnostic[] = [];
  const { lap, stages } = stageClock(options.onProgress);
  const tasks: TaskSettings = {
    jobs: options.jobs ?? defaultJobs(),
    cache: options.cache,
    onProgress: options.onProgress,
  };
  const policyOf = (contract: string) => policyFor(options.validation ?? DEFAULT_VALIDATION, contract);

  const loaded = await loadSources(options.sourceDir, moduleStem);
  diagnostics.push(...loaded.diagnostics);
  lap("load");
  const resolved = await resolveSources(loaded, options.catalog, options.resolution, loadSource);
  diagnostics.push(...resolved.diagnostics);
  lap("resolve");
  const checked = await check(resolved, options.sourceDir, policyOf);
  diagnostics.push(...checked.diagnostics);
  lap("check");
  const bundled = bundleContracts(resolved.graph, resolved.documents, checked, {
    canonicalIdOf: (name) => canonicalId(options.baseUri, name),
    refSiblingsOf: (contract) => policyOf(contract).refSiblings,
  });
  diagnostics.push(...bundled.diagnostics);
  // Refused (CH405) before anything is emitted for them, as if their bundling had failed.
  const {
    bundles,
    refused,
    diagnostics: scopeFindings,
  } = await refuseTooManyScopes(bundled.bundles, resolved.graph, tasks);
  for (const name of refused) checked.failed.add(name);
  diagnostics.push(...scopeFindings);
  lap("bundle");
  const compiled = compiledContracts(options, resolved, checked, bundles, policyOf);

  const files: OutputFiles = new Map();
  const output: OutputSink = options.output ?? files;
  addFiles(output, emitSchemas(bundles));
  const typesContracts = typesContractsOf(compiled);
  const names = assignTypeNames(
    resolved.graph,
    typesContracts.map((c) => c.key),
    options.typeNaming ?? "short",
    options.typeNameClashes ?? "qualify",
  );
  // The validators compile on worker threads while this thread makes the types; their declarations then import the types.
  const validatorsUnderWay = startValidators(
    validatorContractsOf(compiled),
    withoutExports(names, checked.dangling.withheld),
    tasks,
    output,
  );
  const types = await emitTypes(
    resolved.graph,
    typesContracts,
    options.repairs ?? REPAIRS,
    names,
    options.typeCheck ?? true,
    tasks.cache,
  );
  lap("types");
  diagnostics.push(...typesFindings(types.diagnostics, compiled));
  addFiles(output, types.files);
  const validators = await validatorsUnderWay.finish((name) =>
    types.produced.has(name) ? typesPath(name) : undefined,
  );
  lap("validators");
  diagnostics.push(...validators.diagnostics);
  addFiles(output, validators.files);
  if (types.files.size > 0)
    output.set(REPAIRS_REPORT_PATH, renderRepairsReport(options.repairs ?? REPAIRS, types.applications));
  addFiles(output, manifestFiles(compiled, types.produced, validators.produced));
  if (options.python)
    addFiles(
      output,
      pythonFiles(options.python, bundles, names, {
        sourceOf: (name) => compiled.sourceOf.get(name)!.relativePath!,
        digestOf: (name) => compiled.digests.get(name)!,
        policyOf,
        version: options.version,
      }),
    );

  return compileResult(compiled, {
    // In path order: the order files were made in depends on which thread finished first.
    files: new Map([...files].sort(([a], [b]) => compareStrings(a, b))),
    diagnostics,
    stages,
    types,
    validators,
    cacheDamaged: tasks.cache?.damaged ?? 0,
    catalogFiles: [...resolved.graph.documents.values()]
      .filter((entry) => entry.document.kind === "catalog")
      .map((entry) => entry.document.file)
      .sort(),
  });
}

/** The check stage, told each contract's validation policy in the terms it checks by. */
function check(
  resolved: ResolvedSources,
  sourceDir: string,
  policyOf: (contract: string) => ValidationPolicy,
): Promise<CheckedContracts> {
  return checkContracts(resolved.graph, resolved.documents, resolved.failedNames, {
    sourceDir,
    loadInstanceFiles,
    policyOf: (contract) => ({
      strict: policyOf(contract).strictness === "strict",
      linearPatterns: policyOf(contract).patterns === "linear",
      keywords: policyOf(contract).keywords,
    }),
  });
}

/** What the stages made that the targets read; per bundled contract, its source document and its digest. */
interface CompiledContracts {
  options: CompileOptions;
  graph: ResolvedGraph;
  documents: readonly SchemaDocument[];
  checked: CheckedContracts;
  bundles: readonly Bundle[];
  sourceOf: ReadonlyMap<string, SchemaDocument>;
  digests: ReadonlyMap<string, string>;
  policyOf: (contract: string) => ValidationPolicy;
}

function compiledContracts(
  options: CompileOptions,
  { graph, documents }: ResolvedSources,
  checked: CheckedContracts,
  bundles: readonly Bundle[],
  policyOf: (contract: string) => ValidationPolicy,
): CompiledContracts {
  const sourceOf = new Map(documents.map((d) => [d.name, d]));
  const digests = new Map(bundles.map((b) => [b.name, digestSchema(b.schema)]));
  return { options, graph, documents, checked, bundles, sourceOf, digests, policyOf };
}

/** The types target's view of each bundled contract. */
function typesContractsOf({ bundles, sourceOf, digests }: CompiledContracts): TypesContract[] {
  return bundles.map((b) => ({
    key: sourceOf.get(b.name)!.key,
    name: b.name,
    source: sourceOf.get(b.name)!.relativePath!,
    digest: digests.get(b.name)!,
  }));
}

/** The validators target's view of each bundled contract (none when validators are turned off). */
function validatorContractsOf({
  options,
  bundles,
  sourceOf,
  digests,
  checked,
  policyOf,
}: CompiledContracts): ValidatorContract[] {
  return ((options.validators ?? true) ? bundles : []).map((b) => {
    const source = sourceOf.get(b.name)!;
    return {
      bundle: b,
      key: source.key,
      file: source.file,
      digest: digests.get(b.name)!,
      rules: checked.rulesOf.get(b.name) ?? new Map(),
      policy: policyOf(b.name),
      source,
      instances: checked.instancesOf.get(b.name) ?? [],
    };
  });
}

/** The types target's findings, an example that does not fit its type at the severity its contract gives examples. */
function typesFindings(findings: readonly Diagnostic[], { documents, policyOf }: CompiledContracts): Diagnostic[] {
  const contractOfFile = new Map(documents.map((d) => [d.file, d.name]));
  return examplesAtTheirSeverity(findings, (file) =>
    file === undefined ? "error" : policyOf(contractOfFile.get(file) ?? "").examples,
  );
}

/** The manifest target: every bundled contract, with the artifacts the other targets produced for it. */
function manifestFiles(
  { options, graph, bundles, sourceOf, digests, checked }: CompiledContracts,
  withTypes: ReadonlySet<string>,
  withValidator: ReadonlySet<string>,
): OutputFiles {
  const contracts = bundles.map((bundle) =>
    manifestContract(bundle, {
      source: sourceOf.get(bundle.name)!.relativePath!,
      digest: digests.get(bundle.name)!,
      embeds: bundle.embedded.map((key) => graph.documents.get(key)!.document.name),
      hasTypes: withTypes.has(bundle.name),
      hasValidator: withValidator.has(bundle.name),
      rules: checked.rulesOf.get(bundle.name),
      version: checked.versionOf.get(bundle.name),
    }),
  );
  const sourceRoot = toPosix(path.relative(options.outDir, options.sourceDir)) || ".";
  return emitManifest({
    manifestVersion: MANIFEST_VERSION,
    baseUri: options.baseUri,
    sourceRoot,
    ...(options.version !== undefined ? { version: options.version } : {}),
    contracts,
  });
}

/** What compile returns: the tree, the findings in order, and what the run made and how long it took. */
function compileResult(
  { options, bundles, checked }: CompiledContracts,
  made: {
    files: OutputFiles;
    diagnostics: Diagnostic[];
    stages: Record<string, number>;
    types: TypesResult;
    validators: ValidatorsResult & { onWorkerThreads: number };
    cacheDamaged: number;
    catalogFiles: string[];
  },
): CompileResult {
  const { types, validators } = made;
  return {
    files: made.files,
    diagnostics: sortDiagnostics(made.diagnostics),
    produced: bundles.map((b) => b.name),
    failed: [...checked.failed].sort(),
    cacheDamaged: made.cacheDamaged,
    catalogFiles: made.catalogFiles,
    incomplete: bundles
      .map((b) => ({
        name: b.name,
        missing: [
          ...(types.produced.has(b.name) ? [] : ["types" as const]),
          ...(validators.produced.has(b.name) || options.validators === false ? [] : ["validator" as const]),
        ],
      }))
      .filter((c) => c.missing.length > 0),
    summary: {
      typesModules: types.produced.size,
      validators: validators.produced.size,
      repairsApplied: types.applications.length,
      instancesChecked: bundles.reduce((n, b) => n + (checked.instancesOf.get(b.name)?.length ?? 0), 0),
    },
    timings: {
      stages: made.stages,
      types: types.durations,
      importedTypeReferences: types.importedReferences,
      onWorkerThreads: validators.onWorkerThreads,
    },
  };
}

function addFiles(output: OutputSink, more: Iterable<[string, string]>): void {
  for (const [file, content] of more) output.set(file, content);
}

/** The type names validators export, less the definitions that reach a reference naming nothing (they are not whole). */
function withoutExports<T extends { byDocument: Map<string, Map<string, string>> }>(
  names: T,
  withheld: ReadonlyMap<string, ReadonlySet<string>>,
): T {
  if (withheld.size === 0) return names;
  const byDocument = new Map(
    [...names.byDocument].map(([key, pointers]) => [
      key,
      new Map([...pointers].filter(([pointer]) => !withheld.get(key)?.has(pointer))),
    ]),
  );
  return { ...names, byDocument };
}

function toPosix(p: string): string {
  return p.split(path.sep).join("/");
}
