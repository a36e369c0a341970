import type { Diagnostic } from "../core/diagnostic.js";
import type { ParseMemo } from "../compiler/load/load-source.js";
import type { CatalogMapping } from "../compiler/resolve/catalog-file.js";
import type { ResolutionSettings } from "../settings/resolution.js";
import type { ValidationSettings } from "../settings/validation.js";
import type { Repair } from "../repairs/support/repair.js";
import type { TaskStore } from "../tasks/task-store.js";
import type { TaskThread } from "../tasks/run-tasks.js";
import type { OutputFiles, OutputSink } from "../targets/shared/output-files.js";
import type { NameClashes, NamingStyle } from "../targets/shared/type-names.js";
import type { PythonSettings } from "../targets/python/emit-python.js";
import type { PreviousRun } from "./previous-run.js";
import type { TypesThread } from "../targets/types/types-thread.js";

/** What `compile()` is told: where the sources are, and the settings of each stage and target. */
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
  /** Each file's last parse, kept by a caller that compiles again (`watch`); one run alone keeps none. */
  parses?: ParseMemo;
  /** A worker thread kept by the same caller, ajv loaded: the validators compile there while this thread makes the types. */
  validatorsThread?: TaskThread;
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
  /**
   * The record of the previous run of these settings, whose output `output` can keep
   * files of (`OutputSink.keep`): contracts connected to no changed document are taken
   * from it instead of compiled. Not used with the Python target.
   */
  previous?: PreviousRun | undefined;
  /** Return the record of this run (`record`), for the next to keep contracts from. */
  recordRun?: boolean;
  /**
   * Where the types are made when not in this thread: a thread the caller started before the
   * run (src/targets/types/types-thread.ts), where TypeScript and the generator load while this
   * thread loads, resolves and checks the sources. The caller closes it after the run; the run
   * closes it sooner when it has too many contracts to make for it (`TYPES_THREAD_CONTRACTS`).
   */
  typesThread?: TypesThread;
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
  /** Contracts taken from the previous run as they were (`previous`), not compiled. */
  kept: number;
  /** This run's record, when `recordRun` asked for it and the run can make one (not with the Python target). */
  record?: PreviousRun;
  /** Milliseconds per stage, and per contract for types: for summaries and benchmarks, never for output. */
  timings: {
    stages: Record<string, number>;
    types: Map<string, number>;
    importedTypeReferences: number;
    onWorkerThreads: number;
  };
}
