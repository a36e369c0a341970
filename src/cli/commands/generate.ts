import { existsSync } from "node:fs";
import path from "node:path";
import type { CompileResult } from "../../pipeline/compile.js";
import type { ParseMemo } from "../../compiler/load/load-source.js";
import { progressLine } from "../progress.js";
import { milliseconds } from "../clock.js";
import { errorCount, incompleteNote, summary } from "../run-summary.js";
import { errorAt, warningAt, hasErrors, type Diagnostic } from "../../core/diagnostic.js";
import type { ParsedArgs } from "../args.js";
import { CLI_CODES } from "../codes.js";
import type { Settings } from "../config.js";
import { EXIT_BUSY, EXIT_FINDINGS, EXIT_OK, type CliIo } from "../io.js";
import { acquireOutputLock, describeHolder, type LockHolder } from "../output-lock.js";
import { displayPath, formatDiagnostic, relativeDiagnostic } from "../print.js";
import { StagedTree } from "../staged-tree.js";
import type { KeptTree } from "../kept-tree.js";
import { unchangedFiles } from "../unchanged-files.js";
import { readOnlyFolder, swapInStagedTree } from "../write-tree.js";
import { mayHaveLeftovers, recoverInterruptedWrite } from "../output-recovery.js";
import { isReplaceable } from "../output-ownership.js";
import { describeFsError } from "../fs-errors.js";
import { TaskCache } from "../cache/task-cache.js";
import {
  findPreviousRun,
  findRunRecord,
  keepPreviousRun,
  keepRunRecord,
  outputMatches,
  outputSignatures,
  recordedResult,
} from "../cache/run-record.js";
import { warningLimitExceeded } from "../warning-limit.js";
import { emptySourceFinding } from "../empty-source.js";
import type { TypesThread } from "../../targets/types/types-thread.js";
import type { TaskThread } from "../../tasks/run-tasks.js";
import { compiledCodeFolder } from "../compiled-code-folder.js";

/** Seconds a run waits for another that holds the output, unless `--wait` says otherwise. */
export const DEFAULT_WAIT_SECONDS = 120;

export async function runGenerate(
  args: ParsedArgs,
  settings: Settings,
  io: CliIo,
  watching?: WatchState,
): Promise<number> {
  const leftovers = await recoverUnlessHeld(settings.outDir);
  const started = milliseconds();
  // Only this command reads and fills the cache; check and diff compute afresh.
  const cache =
    settings.cacheDir !== undefined
      ? await TaskCache.open(settings.cacheDir, { root: settings.rootDir, maxBytes: settings.cacheMaxBytes })
      : undefined;
  const remembered = cache ? await findRunRecord(cache, settings) : undefined;
  // Nothing changed since a run that wrote this very output: its findings, without loading the compiler.
  const unchanged =
    remembered?.record !== undefined && outputMatches(settings.outDir, remembered.record)
      ? recordedResult(remembered.record)
      : undefined;
  // After an edit few contracts are made, and loading their libraries is most of the work: that
  // starts now, on the types' thread, while this one loads the compiler and the sources. Watch
  // (which keeps its parses) keeps its type checker in this thread between saves instead.
  const thread =
    cache && unchanged === undefined && watching === undefined
      ? (await import("../../targets/types/types-thread.js")).startTypesThread(
          settings.jobs,
          compiledCodeFolder(process.env, args.noCache),
        )
      : undefined;
  // Something changed: the contracts it cannot have reached are taken from the last run's output.
  const previous = cache && unchanged === undefined ? await findPreviousRun(cache, settings) : undefined;
  // Without a record of the last run every contract is made: the types stay on this thread, as in a first run.
  const typesThread = previous?.record !== undefined ? thread : void (await thread?.close());
  // The new tree is written beside the output as it is made; it replaces the output only under the lock, at the end.
  // Only a run that records its output needs every file's digest: the others hash only what they compare.
  const staged = new StagedTree(settings.outDir, cache !== undefined, watching?.kept);
  if (watching) watching.kept = undefined;
  try {
    return await generateInto(staged, {
      args,
      settings,
      io,
      cache,
      remembered,
      previous,
      unchanged,
      leftovers,
      started,
      watching,
      typesThread,
    });
  } finally {
    await typesThread?.close();
    // Swapped in, it is no longer there; otherwise nothing of it stays, unless it is a kept tree this run left as it was.
    const untouched = watching && staged.untouchedKept();
    if (untouched) watching.kept = untouched;
    else await staged.discard().catch(() => undefined);
  }
}

/** What runGenerate found before compiling: the run record, the leftovers it recovered, when it started. */
interface GenerateRun {
  args: ParsedArgs;
  settings: Settings;
  io: CliIo;
  cache: TaskCache | undefined;
  remembered: Awaited<ReturnType<typeof findRunRecord>>;
  previous: Awaited<ReturnType<typeof findPreviousRun>> | undefined;
  unchanged: CompileResult | undefined;
  leftovers: Diagnostic[];
  started: number;
  watching: WatchState | undefined;
  typesThread: TypesThread | undefined;
}

/** What `watch` keeps between its runs: each source's last parse, a thread with ajv loaded for the validators, the previous output. */
export interface WatchState {
  parses: ParseMemo;
  validatorsThread?: TaskThread & { close(): Promise<void> };
  kept?: KeptTree | undefined;
}

/** Compiles into `staged` unless nothing changed, swaps it in when the run may write, and reports. */
async function generateInto(staged: StagedTree, run: GenerateRun): Promise<number> {
  const { args, settings, io, cache, remembered, previous, unchanged, leftovers, started } = run;
  const result = unchanged ?? (await compileWithCache(run, staged));
  const diagnostics = [...leftovers, ...result.diagnostics];
  const empty = emptySourceFinding(result, settings);
  if (empty) diagnostics.push(empty);
  if (result.cacheDamaged > 0 && settings.cacheDir !== undefined)
    diagnostics.push(cacheDamagedWarning(result.cacheDamaged, settings.cacheDir));
  const overLimit = warningLimitExceeded(diagnostics, args.maxWarnings ?? settings.maxWarnings);
  if (overLimit) diagnostics.push(overLimit);
  const failed = hasErrors(diagnostics);
  const write = unchanged === undefined && (!failed || args.keepGoing);
  const { changed, busy, signatures } = write
    ? await writeOutput(staged, run, diagnostics)
    : { changed: false, busy: false as const, signatures: new Map<string, string>() };
  const ok = !hasErrors(diagnostics);
  const wrote =
    unchanged !== undefined ? ok || args.keepGoing : write && (ok || !hasErrors(diagnostics.filter(isWriteFinding)));
  // A run that wrote its whole output (--keep-going: that of the contracts that compiled) is kept for the next.
  if (cache && remembered && unchanged === undefined && wrote && (args.keepGoing || !hasErrors(result.diagnostics))) {
    const digests = staged.digests();
    await keepRunRecord(cache, remembered.key, result, digests, signatures);
    if (previous && result.record) await keepPreviousRun(cache, previous.key, result.record, digests, signatures);
  }
  await cache?.prune();
  const outcome: Outcome = { result, diagnostics, ok, wrote, changed, busy, started };
  if (args.format === "json") reportJson(outcome, settings, io, cache);
  else reportText(outcome, args, settings, io);
  return busy !== false ? EXIT_BUSY : ok ? EXIT_OK : EXIT_FINDINGS;
}

/**
 * A run killed mid-swap left the previous output aside: put it back even if this run writes nothing,
 * unless another run holds the output (it recovers). What the file system refuses here, the write meets again.
 */
async function recoverUnlessHeld(outDir: string): Promise<Diagnostic[]> {
  // Most runs find nothing to recover: they look first, and take no lock for it (3 ms of a no-op).
  if (!mayHaveLeftovers(outDir)) return [];
  const free = existsSync(path.dirname(outDir))
    ? await acquireOutputLock(outDir, { waitMs: 0 }).catch(() => undefined)
    : undefined;
  if (!free?.ok) return [];
  let left: string[] = [];
  try {
    left = recoverInterruptedWrite(outDir);
  } catch {
    // What the file system refuses here, the write meets again.
  } finally {
    await free.release();
  }
  return left.map((folder) => leftoverWarning(folder, "a previous output of charter's"));
}

/** Compiles into the staged tree, with a terminal's progress display, through the cache; the compiler is loaded only here. */
async function compileWithCache(
  { args, settings, io, cache, previous, watching, typesThread }: GenerateRun,
  output: StagedTree,
): Promise<CompileResult> {
  const progress = io.progress && !args.quiet && args.format === "text" ? progressLine(io.stderr) : undefined;
  const { compile } = await import("../../pipeline/compile.js");
  const compiledCode = await import("../../tasks/compiled-code.js");
  if (previous?.record) output.vouchFor(previous.record.outputs);
  // TypeScript and prettier, if needed here, from V8's compiled code of them.
  compiledCode.takeCompiledCodeFrom(compiledCodeFolder(process.env, args.noCache));
  const options = {
    ...settings,
    cache,
    output,
    ...watching,
    previous: previous?.record,
    recordRun: cache !== undefined,
    ...(typesThread ? { typesThread } : {}),
  };
  return await compile({ ...options, ...(progress ? { onProgress: progress.stage } : {}) }).finally(() => {
    progress?.done();
    compiledCode.keepCompiledCode();
    // Its work is done: it ends while this thread writes the output.
    void typesThread?.close();
  });
}

function cacheDamagedWarning(damaged: number, cacheDir: string): Diagnostic {
  const entries = `${damaged} cache entr${damaged === 1 ? "y was" : "ies were"}`;
  return warningAt(CLI_CODES.cacheDamaged, `${entries} damaged; removed and computed afresh`, {
    file: cacheDir,
  });
}

/**
 * Writes the files that changed, under the output lock; what stops the write is a finding
 * pushed onto `diagnostics`. `busy`: the holder of the lock when another run kept it, else false.
 */
async function writeOutput(
  staged: StagedTree,
  { args, settings, io, watching }: GenerateRun,
  diagnostics: Diagnostic[],
): Promise<{ changed: boolean; busy: LockHolder | undefined | false; signatures: Map<string, string> }> {
  let changed = false;
  let busy: LockHolder | undefined | false = false;
  let signatures = new Map<string, string>();
  let lock: Awaited<ReturnType<typeof acquireOutputLock>> | undefined;
  try {
    // Compiling and staging happen beside other runs; replacing the output is one run at a time.
    await staged.settled();
    lock = await acquireOutputLock(settings.outDir, {
      waitMs: (args.wait ?? DEFAULT_WAIT_SECONDS) * 1000,
      onWait: (holder) => io.stderr(`charter: waiting for ${describeHolder(holder, settings.outDir, io.cwd)}\n`),
    });
    if (!lock.ok) {
      busy = lock.holder;
      diagnostics.push(
        errorAt(
          CLI_CODES.outputBusy,
          `${describeHolder(lock.holder, settings.outDir, io.cwd)} still holds the output after ${args.wait ?? DEFAULT_WAIT_SECONDS} s; nothing written`,
          { file: settings.outDir },
        ),
      );
    } else {
      changed = await replaceOutput(staged, settings, diagnostics, watching);
      // Under the lock: no other run can have replaced what is signed.
      if (!hasErrors(diagnostics.filter(isWriteFinding)))
        signatures = outputSignatures(settings.outDir, staged.files.keys());
    }
  } catch (error) {
    // The file system said no (a file where a folder should be, permissions, a full disk): a finding, not a crash.
    // Located at the output's own file or folder the file system named, else at the output.
    const at = (error as NodeJS.ErrnoException).path;
    diagnostics.push(
      errorAt(CLI_CODES.writeFailed, `cannot write the output: ${describeFsError(error)}; nothing written`, {
        file: at !== undefined && at.startsWith(settings.outDir + path.sep) ? at : settings.outDir,
      }),
    );
    changed = false;
  } finally {
    if (lock?.ok) await lock.release();
  }
  return { changed, busy, signatures };
}

/**
 * Under the lock: puts back what a killed run left, then replaces the output
 * when it changed and charter may replace it. Whether it changed; what stops
 * it, or is left behind, is a finding pushed onto `diagnostics`.
 */
async function replaceOutput(
  staged: StagedTree,
  settings: Settings,
  diagnostics: Diagnostic[],
  watching: WatchState | undefined,
): Promise<boolean> {
  // Said once: the recovery before compiling met the same leftovers.
  const said = new Set(diagnostics.filter((d) => d.code === CLI_CODES.leftoverOutput.code).map((d) => d.file));
  for (const leftover of recoverInterruptedWrite(settings.outDir))
    if (!said.has(leftover)) diagnostics.push(leftoverWarning(leftover, "a previous output of charter's"));
  if (!(await isReplaceable(settings.outDir))) {
    diagnostics.push(
      errorAt(
        CLI_CODES.outDirForeign,
        "refusing to replace a non-empty directory that holds no charter manifest.json",
        {
          file: settings.outDir,
        },
      ),
    );
    return false;
  }
  const { unchanged, entries } = unchangedFiles(settings.outDir, staged);
  if (unchanged.size === staged.files.size && entries === staged.files.size) return false;
  // Moved aside, a read-only tree could not be deleted: refused before anything moves.
  const readOnly = readOnlyFolder(settings.outDir);
  if (readOnly) {
    diagnostics.push(
      errorAt(
        CLI_CODES.writeFailed,
        `cannot replace the output: this folder is read-only (${readOnly.code}); nothing written. Make the output writable (chmod -R u+w) and run again`,
        { file: readOnly.folder },
      ),
    );
    return false;
  }
  const { leftover, kept } = await swapInStagedTree(settings.outDir, staged, unchanged, watching !== undefined);
  if (watching) watching.kept = kept;
  if (leftover !== undefined) diagnostics.push(leftoverWarning(leftover, "the previous output"));
  return true;
}

/** CH014: a tree charter moved aside and could not delete; the output itself is whole. */
function leftoverWarning(folder: string, what: string): Diagnostic {
  return warningAt(
    CLI_CODES.leftoverOutput,
    `${what} remains here and cannot be removed (a read-only folder in it); the output itself is whole. Make it writable and delete it (chmod -R u+w, then rm -rf)`,
    { file: folder },
  );
}

/** A finding that stopped the write itself, not one of a contract. */
function isWriteFinding(d: Diagnostic): boolean {
  return (
    d.code === CLI_CODES.outDirForeign.code ||
    d.code === CLI_CODES.writeFailed.code ||
    d.code === CLI_CODES.outputBusy.code
  );
}

/** What the run came to, for its report. */
interface Outcome {
  result: CompileResult;
  diagnostics: Diagnostic[];
  ok: boolean;
  /** The output was written, or would have been had nothing changed. */
  wrote: boolean;
  changed: boolean;
  busy: LockHolder | undefined | false;
  started: number;
}

function reportJson(
  { result, diagnostics, ok, wrote, changed }: Outcome,
  settings: Settings,
  io: CliIo,
  cache: TaskCache | undefined,
): void {
  io.stdout(
    JSON.stringify(
      {
        command: "generate",
        ok,
        written: wrote && changed,
        out: displayPath(settings.outDir, io.cwd),
        produced: result.produced,
        incomplete: result.incomplete,
        failed: result.failed,
        // Entries found and computed afresh: the whole run's record counts as one.
        // kept: contracts taken from the previous output, which no change reached.
        ...(cache ? { cache: { hits: cache.hits, misses: cache.misses, kept: result.kept } } : {}),
        diagnostics: diagnostics.map((d) => relativeDiagnostic(d, io.cwd)),
      },
      null,
      2,
    ) + "\n",
  );
}

function reportText(outcome: Outcome, args: ParsedArgs, settings: Settings, io: CliIo): void {
  const { result, diagnostics, ok, wrote, changed, busy, started } = outcome;
  const out = displayPath(settings.outDir, io.cwd);
  for (const d of diagnostics) io.stdout(formatDiagnostic(d, io.cwd, args.format) + "\n");
  const count = `${result.produced.length} contract${result.produced.length === 1 ? "" : "s"}`;
  if (ok)
    io.stdout(
      (changed ? `charter: wrote ${count} to ${out}` : `charter: ${out} is up to date (${count})`) +
        summary(result.summary, started) +
        "\n",
    );
  else if (wrote)
    io.stdout(
      `charter: ${errorCount(diagnostics)}; wrote ${count} to ${out}; not produced: ${result.failed.join(", ") || "none"}${incompleteNote(result.incomplete)}\n`,
    );
  else if (busy !== false)
    io.stdout(`charter: nothing written: the other run keeps ${out}; run generate again when it is done\n`);
  else
    io.stdout(
      `charter: ${errorCount(diagnostics)}; nothing written (--keep-going writes the contracts that compiled)\n`,
    );
}

/**
 * How much of an output file to read: past twice the fresh file's length, a
 * file differs whatever the rest holds, and its diff shows the start of it.
 * Files a fresh run does not write are not read at all (they are strays).
 */
export function freshBudget(files: ReadonlyMap<string, string>, file: string): number | undefined {
  const fresh = files.get(file);
  return fresh === undefined ? undefined : 2 * Buffer.byteLength(fresh, "utf8") + 64 * 1024;
}
