import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync, type Dirent } from "node:fs";
import path from "node:path";
import { compareStrings, type Diagnostic } from "../../core/diagnostic.js";
import type { CompileResult } from "../../pipeline/compile.js";
import type { PreviousRun } from "../../pipeline/previous-run.js";
import type { Settings } from "../config.js";
import { fileDigest, sourceTreeDigest } from "./source-tree-digest.js";
import type { TaskCache } from "./task-cache.js";

/**
 * What a whole `generate` made of one source tree and one set of settings,
 * without the output's bytes: the digest of each output file, the files read
 * through the catalog with theirs, and what the run reported. When the tree,
 * the settings, the Python hooks file and charter itself are the same, and
 * the catalog files and the output folder still hold those digests, the run
 * has nothing to compute or write: it reports the findings it reported then,
 * without loading the compiler.
 */
export interface RunRecord {
  catalogFiles: [file: string, sha256: string][];
  /** Each file written, its digest, and what `stat` said of it once the output was in place (see `statSignature`). */
  outputs: [file: string, sha256: string, stat?: string][];
  diagnostics: Diagnostic[];
  produced: string[];
  failed: string[];
  incomplete: CompileResult["incomplete"];
  summary: CompileResult["summary"];
}

/** The record's key for this tree and these settings, and the record when one is kept and its catalog files still hold. */
export async function findRunRecord(
  cache: TaskCache,
  settings: Settings,
): Promise<{ key: string; record: RunRecord | undefined } | undefined> {
  const tree = await sourceTreeDigest(settings.sourceDir);
  if (tree === undefined) return undefined;
  // The Python rules' hooks file lies outside the sources, and the package copies it.
  const hooks = settings.python?.rules === undefined ? undefined : await fileDigest(settings.python.rules.file);
  const key = cache.keyOfText(
    "generate",
    JSON.stringify({ tree, settings: compileSettings(settings), hooks }, entries),
  );
  const record = await cache.read<RunRecord>(key);
  if (record === undefined) return { key, record };
  for (const [file, sha256] of record.catalogFiles)
    if ((await fileDigest(file)) !== sha256) return { key, record: undefined };
  return { key, record };
}

/**
 * Whether the output folder holds exactly the files the record lists, with
 * their bytes, and nothing else (empty folders aside, as drift counts them).
 * Synchronous reads: a few hundred small files, on the path meant to take
 * next to no time.
 */
export function outputMatches(outDir: string, record: Pick<RunRecord, "outputs">): boolean {
  let entries: Dirent[];
  try {
    entries = readdirSync(outDir, { recursive: true, withFileTypes: true });
  } catch {
    return false;
  }
  if (entries.filter((e) => !e.isDirectory()).length !== record.outputs.length) return false;
  return record.outputs.every(([file, sha256, stat]) => {
    try {
      const where = path.join(outDir, ...file.split("/"));
      // The same inode, size and times as when the run put it there: not written since, so not read again.
      if (stat !== undefined && statSignature(where) === stat) return true;
      const bytes = readFileSync(where);
      return createHash("sha256").update(bytes).digest("hex") === sha256;
    } catch {
      return false;
    }
  });
}

/**
 * A file's device, inode, size and change and modification times: any write
 * to it, a replacement or a new link changes one of them (the change time
 * cannot be set back), so a file whose signature is the recorded one holds the
 * recorded bytes, as git's index trusts its files.
 */
export function statSignature(file: string): string | undefined {
  try {
    const s = statSync(file, { bigint: true });
    return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
  } catch {
    return undefined;
  }
}

/**
 * The signature of each of the run's files in `outDir`: taken under the output lock, right
 * after the run's tree went in, so that each is the signature of the bytes the run wrote.
 */
export function outputSignatures(outDir: string, files: Iterable<string>): Map<string, string> {
  const signatures = new Map<string, string>();
  for (const file of files) {
    const stat = statSignature(path.join(outDir, ...file.split("/")));
    if (stat !== undefined) signatures.set(file, stat);
  }
  return signatures;
}

/** The run's files with their digests and signatures, in path order. */
function signedOutputs(
  outputs: ReadonlyMap<string, string>,
  signatures: ReadonlyMap<string, string>,
): [string, string, string?][] {
  return [...outputs]
    .map(([file, sha256]): [string, string, string?] => {
      const stat = signatures.get(file);
      return stat === undefined ? [file, sha256] : [file, sha256, stat];
    })
    .sort(([a], [b]) => compareStrings(a, b));
}

/** Keeps what a run made under `key`; only a run without errors is kept, since only such a run writes the whole output. */
export async function keepRunRecord(
  cache: TaskCache,
  key: string,
  result: CompileResult,
  /** The digest of each file the run wrote. */
  outputs: ReadonlyMap<string, string>,
  /** Each file's signature as the run left it (`outputSignatures`). */
  signatures: ReadonlyMap<string, string>,
): Promise<void> {
  const catalogFiles: [string, string][] = [];
  for (const file of result.catalogFiles) {
    const sha256 = await fileDigest(file);
    if (sha256 === undefined) return;
    catalogFiles.push([file, sha256]);
  }
  const record: RunRecord = {
    catalogFiles,
    outputs: signedOutputs(outputs, signatures),
    diagnostics: result.diagnostics,
    produced: result.produced,
    failed: result.failed,
    incomplete: result.incomplete,
    summary: result.summary,
  };
  await cache.write(key, record);
}

/** What the last run of these settings made of each contract, and the digest of each file it wrote. */
export type PreviousRunRecord = PreviousRun & Pick<RunRecord, "outputs">;

/**
 * The key of the last run of these settings, whatever the sources were, and its
 * record when the output folder still holds exactly what that run wrote: the
 * contracts an edit cannot have changed are then taken from it.
 */
export async function findPreviousRun(
  cache: TaskCache,
  settings: Settings,
): Promise<{ key: string; record: PreviousRunRecord | undefined }> {
  const key = cache.keyOfText("previous run", JSON.stringify(compileSettings(settings), entries));
  const record = await cache.read<PreviousRunRecord>(key);
  return { key, record: record !== undefined && outputMatches(settings.outDir, record) ? record : undefined };
}

/** Keeps what a run made of each contract, with the digests of the files it wrote, for the next run of these settings. */
export async function keepPreviousRun(
  cache: TaskCache,
  key: string,
  record: PreviousRun,
  /** The digest of each file the run wrote. */
  outputs: ReadonlyMap<string, string>,
  /** Each file's signature as the run left it (`outputSignatures`). */
  signatures: ReadonlyMap<string, string>,
): Promise<void> {
  await cache.write(key, { ...record, outputs: signedOutputs(outputs, signatures) });
}

/** A CompileResult of what the record says, for the report: no files, since nothing is written. */
export function recordedResult(record: RunRecord): CompileResult {
  return {
    files: new Map(),
    diagnostics: record.diagnostics,
    produced: record.produced,
    failed: record.failed,
    cacheDamaged: 0,
    catalogFiles: record.catalogFiles.map(([file]) => file),
    incomplete: record.incomplete,
    summary: record.summary,
    kept: 0,
    timings: { stages: {}, types: new Map(), importedTypeReferences: 0, onWorkerThreads: 0 },
  };
}

/**
 * The settings that decide what compiling makes, with the source and output
 * folders relative to the project's: not where the cache is, how many
 * threads, or what counts as too many warnings.
 */
function compileSettings(settings: Settings): Partial<Settings> {
  const {
    rootDir,
    cacheDir: _cacheDir,
    cacheMaxBytes: _max,
    jobs: _jobs,
    maxWarnings: _warnings,
    diff: _diff,
    ...rest
  } = settings;
  const relative = (dir: string) => path.relative(rootDir, dir).split(path.sep).join("/");
  return { ...rest, sourceDir: relative(settings.sourceDir), outDir: relative(settings.outDir) };
}

/** Maps and sets (resolution and validation settings by contract) as their entries, which JSON keeps. */
function entries(_key: string, value: unknown): unknown {
  return value instanceof Map ? [...value] : value instanceof Set ? [...value] : value;
}
