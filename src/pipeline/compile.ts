import { compareStrings, sortDiagnostics, type Diagnostic } from "../core/diagnostic.js";
import { defaultJobs, type TaskSettings } from "../tasks/run-tasks.js";
import { sourceKey } from "../compiler/resolve/resolve-sources.js";
import { typesPath, type OutputFiles, type OutputSink } from "../targets/shared/output-files.js";
import { emitSchemas } from "../targets/schemas/emit-schemas.js";
import { emitTypes, type TypesContract, type TypesResult } from "../targets/types/emit-types.js";
import { threadForTypes } from "../targets/types/types-thread.js";
import { renderRepairsReport, REPAIRS_REPORT_PATH } from "../targets/types/repairs-report.js";
import { assignTypeNames, withoutDefinitions } from "../targets/shared/type-names.js";
import { startValidators, type ValidatorsResult } from "../targets/validators/emit-validators.js";
import { REPAIRS } from "../repairs/registry.js";
import { contractFacts, manifestFiles, type ContractFacts } from "./contract-facts.js";
import { stageClock } from "./stage-clock.js";
import type { CompileOptions, CompileResult } from "./compile-options.js";
import type { TypeNames } from "../targets/shared/type-names.js";
import type { PreviousRun } from "./previous-run.js";
import { frontStages, type FrontDocuments } from "./front-stages.js";
import { compiledContracts, typesContractsOf, typesFindingsOf, validatorContractsOf } from "./compiled-contracts.js";
import {
  keepFiles,
  keptPythonInputs,
  keptNamesHold,
  keptShare,
  keptTypesContracts,
  keptTypesModules,
  NOTHING_READ,
  recordedClaims,
  recordOfRun,
  type KeptContracts,
} from "./keep-previous.js";

export type { CompileOptions, CompileResult } from "./compile-options.js";

export { canonicalId } from "./front-stages.js";

/**
 * The pipeline, in order: load, resolve, check, bundle, then the targets:
 * schemas, types, validators, manifest. Each stage is a function of its own
 * folder; this one calls them and passes their results on. Returns the output
 * tree in memory; writing it (or comparing it) is the caller's business.
 */
export async function compile(options: CompileOptions): Promise<CompileResult> {
  // Only a staging tree can keep a file.
  const keeping = options.previous !== undefined && options.output?.keep !== undefined;
  let once = keeping ? await compileOnce(options, "closure") : "names-changed";
  // A finding of a contract the record named (where it is written is not known): every document is read.
  if (once === "read-every-document") once = await compileOnce(options, "every-document");
  // A kept contract would have been given other type names, or its schema file cannot be read: compile them all.
  if (typeof once === "string") once = await compileOnce({ ...options, previous: undefined }, "every-document");
  return once as CompileResult;
}

/** Why a compile that keeps contracts from the previous run's record is made again. */
type Again = "names-changed" | "read-every-document" | "kept-unreadable";

/**
 * One compile, of the documents connected to what changed when the record lets it (`closure`);
 * a reason to compile again when the contracts it would keep would be named otherwise now.
 */
async function compileOnce(options: CompileOptions, documents: FrontDocuments): Promise<CompileResult | Again> {
  const diagnostics: Diagnostic[] = [];
  const { lap, stages } = stageClock(options.onProgress);
  const tasks: TaskSettings = {
    jobs: options.jobs ?? defaultJobs(),
    cache: options.cache,
    onProgress: options.onProgress,
  };
  const files: OutputFiles = new Map();
  const output: OutputSink = options.output ?? files;
  const made = await throughTypes(options, tasks, output, diagnostics, lap, documents);
  if (typeof made === "string") return made;
  const { types } = made;
  const { kept } = made;
  const validators = await made.validatorsUnderWay.finish((name) =>
    types.produced.has(name) ? typesPath(name) : undefined,
  );
  lap("validators");
  made.downstream.push(...validators.diagnostics);
  addFiles(output, validators.files);
  const applications = [...types.applications, ...kept.applications];
  if (made.typesWritten) output.set(REPAIRS_REPORT_PATH, renderRepairsReport(options.repairs ?? REPAIRS, applications));
  const contracts = made.order(made.contracts, kept.facts);
  addFiles(output, manifestFiles(options, contracts, types.produced, validators.produced));
  diagnostics.push(...made.downstream, ...kept.diagnostics);

  return compileResult(options, made, {
    // In path order: the order files were made in depends on which thread finished first.
    files: new Map([...files].sort(([a], [b]) => compareStrings(a, b))),
    diagnostics,
    stages,
    validators,
    cacheDamaged: tasks.cache?.damaged ?? 0,
    contracts,
    failed: [...new Set([...made.failed, ...kept.failed])].sort(),
    repairsApplied: applications.length,
    record: options.recordRun ? made.record(validators) : undefined,
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
  /** The findings of the stages after resolve, which a kept contract's record holds for the next run. */
  downstream: Diagnostic[];
  keeping: KeptContracts | undefined;
  /** The kept contracts' share of what the run reports and of the files every contract feeds. */
  kept: ReturnType<typeof keptShare>;
  /** The contracts made now and those kept, in the order of their sources. */
  order: (made: readonly ContractFacts[], kept: ReadonlyMap<string, ContractFacts>) => ContractFacts[];
  record: (validators: ValidatorsResult) => PreviousRun;
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
  documents: FrontDocuments,
): Promise<PastTypes | Again> {
  const started = await startTargets(options, tasks, output, diagnostics, lap, documents);
  if (typeof started === "string") return started;
  const { files: typesFiles, ...types } = await emitTypes(
    started.graph,
    started.typesContracts,
    options.repairs ?? REPAIRS,
    // Settled across all contracts, kept ones included: reported here, not as one contract's.
    { ...started.names, diagnostics: [] },
    options.typeCheck ?? true,
    tasks.cache,
    keptTypesModules(started.keeping),
    started.typesWork,
  );
  lap("types");
  diagnostics.push(...started.names.diagnostics);
  started.downstream.push(...started.typesFindings(types.diagnostics));
  addFiles(output, typesFiles);
  const { validatorsUnderWay, contracts, failed, catalogFiles, downstream, keeping, kept, order } = started;
  return {
    validatorsUnderWay,
    types,
    typesWritten: typesFiles.size > 0,
    contracts,
    failed,
    catalogFiles,
    downstream,
    keeping,
    kept,
    order,
    record: (validators) => started.record(types, validators, downstream),
  };
}

/**
 * The front stages, the schemas, and the validators started on worker threads.
 * Returns what the types and the rest of the run read, and no bundle: each is then held only
 * until its contract's validator is written. Undefined when a kept contract would be named otherwise.
 */
async function startTargets(
  options: CompileOptions,
  tasks: TaskSettings,
  output: OutputSink,
  diagnostics: Diagnostic[],
  lap: (stage: string) => void,
  documents: FrontDocuments,
) {
  const front = await frontStages(options, tasks, diagnostics, lap, documents);
  const { policyOf, resolved, checked, bundles, keeping, loaded } = front;
  const compiled = compiledContracts(options, resolved, checked, bundles, policyOf);
  const typesContracts = typesContractsOf(compiled);
  const names = assignTypeNames(
    resolved.graph,
    inSourceOrder(loaded.sources, [...typesContracts, ...keptTypesContracts(keeping)]).map((c) => c.key),
    options.typeNaming ?? "short",
    options.typeNameClashes ?? "qualify",
    // Of the contracts whose documents this run did not read: the record's claims.
    recordedClaims(keeping),
  );
  // A finding of a contract named from the record: the run reads every document instead.
  if (names.unplaced) return "read-every-document" as const;
  if (keeping && !keptNamesHold(keeping, names)) return "names-changed" as const;
  // The Python package is made of every bundle at once: the kept ones' are read back from the previous output.
  const keptPython = options.python && keeping ? keptPythonInputs(options, keeping) : [];
  if (keptPython === undefined) return "kept-unreadable" as const;
  if (keeping) keepFiles(keeping, output as Required<OutputSink>);
  const kept = keptShare(keeping);
  // With the types on their own thread, this one compiles the validators meanwhile; that thread
  // takes one of the run's cores, so the validators' workers get one fewer.
  const typesWork = threadForTypes(options.typesThread, typesContracts.length, () => validatorsUnderWay.compileHere());
  // The validators compile on worker threads while this thread makes the Python package, then the types.
  const validatorsUnderWay = startValidators(
    validatorContractsOf(compiled),
    withoutDefinitions(names, checked.dangling.withheld),
    {
      ...tasks,
      ...(typesWork ? { jobs: Math.max(1, tasks.jobs - 1) } : {}),
      ...(options.validatorsThread ? { longLived: options.validatorsThread } : {}),
    },
    output,
    kept.registry,
  );
  // Once the validators are under way: on a worker thread, they need none of this thread's work from here on.
  addFiles(output, emitSchemas(bundles));
  if (options.python) {
    // Imported when asked for: its twenty modules are no part of a run without it.
    const { pythonOf } = await import("./python-files.js");
    diagnostics.push(...(await pythonOf(options, compiled, names, keptPython, output)));
    lap("python");
  }
  const contracts = contractFacts(compiled);
  return {
    graph: resolved.graph,
    typesContracts,
    typesWork,
    names,
    // Their declarations import the types, made next on this thread.
    validatorsUnderWay,
    typesFindings: typesFindingsOf(compiled),
    contracts,
    failed: [...checked.failed].sort(),
    catalogFiles: [...front.catalogFiles].sort(),
    downstream: front.downstream,
    keeping,
    kept,
    order: (made: readonly ContractFacts[], kept: ReadonlyMap<string, ContractFacts>) =>
      inSourceOrder(
        loaded.sources,
        [...made, ...kept.values()].map((f) => ({ ...f, name: f.bundle.name })),
      ),
    record: recorder(options, front, { names, typesContracts, contracts }),
  };
}

/** The contracts of `items` in the order of their sources. */
function inSourceOrder<T extends { name: string }>(sources: readonly { name: string }[], items: readonly T[]): T[] {
  const at = new Map(sources.map((s, index) => [s.name, index]));
  return [...items].sort((a, b) => at.get(a.name)! - at.get(b.name)!);
}

/**
 * What makes this run's record once the types and validators are made: only what the front
 * stages read of each source (its key, its file), not the documents, is held until then.
 */
function recorder(
  options: CompileOptions,
  front: Awaited<ReturnType<typeof frontStages>>,
  made: { names: TypeNames; typesContracts: TypesContract[]; contracts: ContractFacts[] },
): (types: Omit<TypesResult, "files">, validators: ValidatorsResult, downstream: Diagnostic[]) => PreviousRun {
  const { keeping, now, checked } = front;
  const sources = front.loaded.sources.map((s) => ({ name: s.name, key: sourceKey(s.relativePath) }));
  const keyOfFile = new Map([...front.resolved.graph.documents].map(([key, entry]) => [entry.document.file, key]));
  const failed = new Set(checked.failed);
  return (types, validators, downstream) =>
    recordOfRun(keeping, now ?? NOTHING_READ, {
      sourceDir: options.sourceDir,
      sources,
      failed,
      facts: made.contracts,
      typesContracts: made.typesContracts,
      names: made.names,
      types: types.produced,
      validators: validators.produced,
      applications: types.applications,
      registry: validators.registry,
      diagnostics: downstream,
      keyOfFile,
    });
}

/** What compile returns: the tree, the findings in order, and what the run made and how long it took. */
function compileResult(
  options: CompileOptions,
  { types, catalogFiles, keeping }: PastTypes,
  made: {
    files: OutputFiles;
    diagnostics: Diagnostic[];
    stages: Record<string, number>;
    validators: ValidatorsResult & { onWorkerThreads: number };
    cacheDamaged: number;
    /** Made now and kept, in source order. */
    contracts: ContractFacts[];
    failed: string[];
    repairsApplied: number;
    record: PreviousRun | undefined;
  },
): CompileResult {
  const { contracts, failed } = made;
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
      repairsApplied: made.repairsApplied,
      instancesChecked: contracts.reduce((n, c) => n + c.instances, 0),
    },
    kept: keeping?.kept.size ?? 0,
    ...(made.record ? { record: made.record } : {}),
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
