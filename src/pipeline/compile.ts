import { compareStrings, sortDiagnostics, type Diagnostic } from "../core/diagnostic.js";
import type { Bundle } from "../compiler/bundle/bundle-contract.js";
import { bundleContracts } from "../compiler/bundle/bundle-contracts.js";
import { digestSchema } from "../compiler/bundle/digest.js";
import { checkContracts, type CheckedContracts } from "../compiler/check/check-contracts.js";
import { loadSources } from "../compiler/load/load-sources.js";
import { defaultJobs, type TaskSettings } from "../tasks/run-tasks.js";
import { loadSource } from "../compiler/load/load-source.js";
import { loadInstanceFiles } from "../compiler/load/instance-files.js";
import { resolveSources, type ResolvedSources } from "../compiler/resolve/resolve-sources.js";
import { moduleStem, typesPath, type OutputFiles, type OutputSink } from "../targets/shared/output-files.js";
import { emitSchemas } from "../targets/schemas/emit-schemas.js";
import { examplesAtTheirSeverity } from "../targets/types/check-types.js";
import { emitTypes, type TypesContract, type TypesResult } from "../targets/types/emit-types.js";
import { renderRepairsReport, REPAIRS_REPORT_PATH } from "../targets/types/repairs-report.js";
import { assignTypeNames, withoutDefinitions } from "../targets/shared/type-names.js";
import {
  startValidators,
  type ValidatorContract,
  type ValidatorsResult,
} from "../targets/validators/emit-validators.js";
import { refuseTooManyScopes } from "../targets/validators/too-many-scopes.js";
import { DEFAULT_VALIDATION, policyFor, type ValidationPolicy } from "../settings/validation.js";
import { REPAIRS } from "../repairs/registry.js";
import { contractFacts, manifestFiles, type ContractFacts } from "./contract-facts.js";
import { stageClock } from "./stage-clock.js";
import type { CompileOptions, CompileResult } from "./compile-options.js";
import type { ResolvedGraph } from "../schema/resolved-graph.js";
import type { SchemaDocument } from "../schema/schema-document.js";
import { pythonFiles } from "./python-files.js";

export type { CompileOptions, CompileResult } from "./compile-options.js";

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
  const files: OutputFiles = new Map();
  const output: OutputSink = options.output ?? files;
  const made = await throughTypes(options, tasks, output, diagnostics, lap);
  const { types } = made;
  const validators = await made.validatorsUnderWay.finish((name) =>
    types.produced.has(name) ? typesPath(name) : undefined,
  );
  lap("validators");
  diagnostics.push(...validators.diagnostics);
  addFiles(output, validators.files);
  if (made.typesWritten)
    output.set(REPAIRS_REPORT_PATH, renderRepairsReport(options.repairs ?? REPAIRS, types.applications));
  addFiles(output, manifestFiles(options, made.contracts, types.produced, validators.produced));

  return compileResult(options, made, {
    // In path order: the order files were made in depends on which thread finished first.
    files: new Map([...files].sort(([a], [b]) => compareStrings(a, b))),
    diagnostics,
    stages,
    validators,
    cacheDamaged: tasks.cache?.damaged ?? 0,
  });
}

/** What the run keeps once the types are made: no document, no bundle's schema, no types module's text. */
interface PastTypes {
  validatorsUnderWay: ReturnType<typeof startValidators>;
  types: Omit<TypesResult, "files">;
  typesWritten: boolean;
  contracts: ContractFacts[];
  failed: string[];
  catalogFiles: string[];
}

/**
 * The types, made on this thread while the validators compile on workers. What the stages
 * before them made is let go of when this returns, but for what the validators still to compile
 * hold: after the types this thread claims the last compiles, where a corpus's run used to peak
 * with every document still held.
 */
async function throughTypes(
  options: CompileOptions,
  tasks: TaskSettings,
  output: OutputSink,
  diagnostics: Diagnostic[],
  lap: (stage: string) => void,
): Promise<PastTypes> {
  const started = await startTargets(options, tasks, output, diagnostics, lap);
  const { files: typesFiles, ...types } = await emitTypes(
    started.graph,
    started.typesContracts,
    options.repairs ?? REPAIRS,
    started.names,
    options.typeCheck ?? true,
    tasks.cache,
  );
  lap("types");
  diagnostics.push(...started.typesFindings(types.diagnostics));
  addFiles(output, typesFiles);
  const { validatorsUnderWay, contracts, failed, catalogFiles } = started;
  return { validatorsUnderWay, types, typesWritten: typesFiles.size > 0, contracts, failed, catalogFiles };
}

/**
 * Load, resolve, check, bundle, the schemas, and the validators started on worker threads.
 * Returns what the types and the rest of the run read, and no bundle: each is then held only
 * until its contract's validator is written.
 */
async function startTargets(
  options: CompileOptions,
  tasks: TaskSettings,
  output: OutputSink,
  diagnostics: Diagnostic[],
  lap: (stage: string) => void,
) {
  const policyOf = (contract: string) => policyFor(options.validation ?? DEFAULT_VALIDATION, contract);
  const loaded = await loadSources(options.sourceDir, moduleStem, options.parses);
  diagnostics.push(...loaded.diagnostics);
  lap("load");
  const resolved = await resolveSources(loaded, options.catalog, options.resolution, (file) =>
    loadSource(file, options.parses),
  );
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

  addFiles(output, emitSchemas(bundles));
  const typesContracts = typesContractsOf(compiled);
  const names = assignTypeNames(
    resolved.graph,
    typesContracts.map((c) => c.key),
    options.typeNaming ?? "short",
    options.typeNameClashes ?? "qualify",
  );
  // The validators compile on worker threads while this thread makes the Python package, then the types.
  const validatorsUnderWay = startValidators(
    validatorContractsOf(compiled),
    withoutDefinitions(names, checked.dangling.withheld),
    tasks,
    output,
  );
  if (options.python) {
    const python = await pythonFiles(options.python, bundles, names, {
      sourceOf: (name) => compiled.sourceOf.get(name)!.relativePath!,
      digestOf: (name) => compiled.digests.get(name)!,
      policyOf,
      rulesOf: (name) => checked.rulesOf.get(name),
      placeOf: (name, pointer) => {
        const source = compiled.sourceOf.get(name)!;
        return { file: source.file, position: source.keyPositions.get(pointer), pointer };
      },
      version: options.version,
    });
    diagnostics.push(...python.diagnostics);
    addFiles(output, python.files);
    lap("python");
  }
  return {
    graph: resolved.graph,
    typesContracts,
    names,
    // Their declarations import the types, made next on this thread.
    validatorsUnderWay,
    typesFindings: typesFindingsOf(compiled),
    contracts: contractFacts(compiled),
    failed: [...checked.failed].sort(),
    catalogFiles: [...resolved.graph.documents.values()]
      .filter((entry) => entry.document.kind === "catalog")
      .map((entry) => entry.document.file)
      .sort(),
  };
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
function typesFindingsOf({
  documents,
  policyOf,
}: CompiledContracts): (findings: readonly Diagnostic[]) => Diagnostic[] {
  const contractOfFile = new Map(documents.map((d) => [d.file, d.name]));
  return (findings) =>
    examplesAtTheirSeverity(findings, (file) =>
      file === undefined ? "error" : policyOf(contractOfFile.get(file) ?? "").examples,
    );
}

/** What compile returns: the tree, the findings in order, and what the run made and how long it took. */
function compileResult(
  options: CompileOptions,
  { contracts, types, failed, catalogFiles }: PastTypes,
  made: {
    files: OutputFiles;
    diagnostics: Diagnostic[];
    stages: Record<string, number>;
    validators: ValidatorsResult & { onWorkerThreads: number };
    cacheDamaged: number;
  },
): CompileResult {
  const { validators } = made;
  const names = contracts.map((c) => c.bundle.name);
  return {
    files: made.files,
    diagnostics: sortDiagnostics(made.diagnostics),
    produced: names,
    failed,
    cacheDamaged: made.cacheDamaged,
    catalogFiles,
    incomplete: names
      .map((name) => ({
        name,
        missing: [
          ...(types.produced.has(name) ? [] : ["types" as const]),
          ...(validators.produced.has(name) || options.validators === false ? [] : ["validator" as const]),
        ],
      }))
      .filter((c) => c.missing.length > 0),
    summary: {
      typesModules: types.produced.size,
      validators: validators.produced.size,
      repairsApplied: types.applications.length,
      instancesChecked: contracts.reduce((n, c) => n + c.instances, 0),
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
