import { existsSync } from "node:fs";
import path from "node:path";
import { compile, type CompileResult } from "../../pipeline/compile.js";
import { progressLine } from "../progress.js";
import { errorAt, hasErrors, warningAt } from "../../core/diagnostic.js";
import type { ParsedArgs } from "../args.js";
import { CLI_CODES } from "../codes.js";
import type { Settings } from "../config.js";
import { EXIT_BUSY, EXIT_FINDINGS, EXIT_OK, type CliIo } from "../io.js";
import { acquireOutputLock, describeHolder, type LockHolder } from "../output-lock.js";
import { displayPath, formatDiagnostic, relativeDiagnostic } from "../print.js";
import { readTree } from "../read-tree.js";
import { isReplaceable, recoverInterruptedWrite, writeTreeAtomically } from "../write-tree.js";
import { TaskCache } from "../cache/task-cache.js";

/** Seconds a run waits for another that holds the output, unless `--wait` says otherwise. */
export const DEFAULT_WAIT_SECONDS = 120;

export async function runGenerate(args: ParsedArgs, settings: Settings, io: CliIo): Promise<number> {
  // A run killed mid-swap left the previous output aside: put it back even if this run writes nothing,
  // unless another run holds the output (it recovers). What the file system refuses here, the write below meets again.
  const free = existsSync(path.dirname(settings.outDir))
    ? await acquireOutputLock(settings.outDir, { waitMs: 0 }).catch(() => undefined)
    : undefined;
  if (free?.ok)
    await recoverInterruptedWrite(settings.outDir)
      .catch(() => undefined)
      .finally(free.release);
  const started = performance.now();
  const progress = io.progress && !args.quiet && args.format === "text" ? progressLine(io.stderr) : undefined;
  // Only this command reads and fills the cache; check and diff compute afresh.
  const cache = settings.cacheDir !== undefined ? await TaskCache.open(settings.cacheDir) : undefined;
  const result = await compile({ ...settings, cache, ...(progress ? { onProgress: progress.stage } : {}) }).finally(
    () => progress?.done(),
  );
  const diagnostics = [...result.diagnostics];
  if (result.cacheDamaged > 0 && settings.cacheDir !== undefined) {
    const entries = `${result.cacheDamaged} cache entr${result.cacheDamaged === 1 ? "y was" : "ies were"}`;
    diagnostics.push(
      warningAt(CLI_CODES.cacheDamaged, `${entries} damaged; removed and computed afresh`, {
        file: settings.cacheDir,
      }),
    );
  }
  const failed = hasErrors(diagnostics);
  const write = !failed || args.keepGoing;

  let changed = false;
  let busy: LockHolder | undefined | false = false;
  if (write) {
    let lock: Awaited<ReturnType<typeof acquireOutputLock>> | undefined;
    try {
      // Compiling happens in memory, beside other runs; writing is one run at a time.
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
      } else if (!(await recoverInterruptedWrite(settings.outDir).then(() => isReplaceable(settings.outDir)))) {
        diagnostics.push(
          errorAt(
            CLI_CODES.outDirForeign,
            "refusing to replace a non-empty directory that holds no charter manifest.json",
            { file: settings.outDir },
          ),
        );
      } else {
        const current = await readTree(settings.outDir);
        const unchanged = unchangedFiles(current, result.files);
        changed = unchanged.size !== result.files.size || current.size !== result.files.size;
        if (changed) await writeTreeAtomically(settings.outDir, result.files, unchanged);
      }
    } catch (error) {
      // The file system said no (a file where a folder should be, permissions, a full disk): a finding, not a crash.
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      diagnostics.push(
        errorAt(CLI_CODES.writeFailed, `cannot write the output (${reason})`, { file: settings.outDir }),
      );
      changed = false;
    } finally {
      if (lock?.ok) await lock.release();
    }
  }
  const ok = !hasErrors(diagnostics);
  const out = displayPath(settings.outDir, io.cwd);
  const wrote =
    write &&
    (ok ||
      !hasErrors(
        diagnostics.filter(
          (d) =>
            d.code === CLI_CODES.outDirForeign.code ||
            d.code === CLI_CODES.writeFailed.code ||
            d.code === CLI_CODES.outputBusy.code,
        ),
      ));

  if (args.format === "json") {
    io.stdout(
      JSON.stringify(
        {
          command: "generate",
          ok,
          written: wrote && changed,
          out,
          produced: result.produced,
          incomplete: result.incomplete,
          failed: result.failed,
          diagnostics: diagnostics.map((d) => relativeDiagnostic(d, io.cwd)),
        },
        null,
        2,
      ) + "\n",
    );
  } else {
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
  return busy !== false ? EXIT_BUSY : ok ? EXIT_OK : EXIT_FINDINGS;
}

/** `; without types: a, b; without a validator: c`: the contracts --keep-going wrote only in part. */
export function incompleteNote(incomplete: CompileResult["incomplete"]): string {
  const lacking = (what: "types" | "validator") =>
    incomplete.filter((c) => c.missing.includes(what)).map((c) => c.name);
  return [
    ["types", "without types"],
    ["validator", "without a validator"],
  ]
    .map(([what, label]) => [label, lacking(what as "types" | "validator")] as const)
    .filter(([, names]) => names.length > 0)
    .map(([label, names]) => `; ${label}: ${names.join(", ")}`)
    .join("");
}

/** `; 2 types modules, 2 validators, 1 repair applied, 3 examples checked, 1.4 s`: what the run did, and how long it took. */
export function summary(made: CompileResult["summary"], started: number): string {
  const n = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  return `; ${n(made.typesModules, "types module")}, ${n(made.validators, "validator")}, ${n(made.repairsApplied, "repair applied", "repairs applied")}, ${n(made.instancesChecked, "example checked", "examples checked")}, ${seconds} s`;
}

/** The fresh files whose bytes the output directory already holds. */
function unchangedFiles(current: ReadonlyMap<string, Buffer | null>, fresh: ReadonlyMap<string, string>): Set<string> {
  const unchanged = new Set<string>();
  for (const [file, content] of fresh) {
    const existing = current.get(file);
    if (existing && existing.equals(Buffer.from(content, "utf8"))) unchanged.add(file);
  }
  return unchanged;
}

export function errorCount(diagnostics: readonly { severity: string }[]): string {
  const n = diagnostics.filter((d) => d.severity === "error").length;
  return `${n} error${n === 1 ? "" : "s"}`;
}
