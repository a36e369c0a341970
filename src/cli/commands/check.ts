import { compile, type CompileResult } from "../../pipeline/compile.js";
import { errorAt, hasErrors } from "../../core/diagnostic.js";
import { CLI_CODES } from "../codes.js";
import { describeFsError } from "../fs-errors.js";
import {
  compareTrees,
  DEFAULT_DIFF_LINE_LIMIT,
  driftDiagnostics,
  hasDrift,
  type Drift,
} from "../../drift/compare-trees.js";
import type { ParsedArgs } from "../args.js";
import type { Settings } from "../config.js";
import { EXIT_BUSY, EXIT_FINDINGS, EXIT_OK, type CliIo } from "../io.js";
import { displayPath, formatDiagnostic, formatDiff, relativeDiagnostic } from "../print.js";
import { readTree } from "../read-tree.js";
import { DEFAULT_WAIT_SECONDS, freshBudget } from "./generate.js";
import { errorCount, incompleteNote, summary } from "../run-summary.js";
import { describeHolder, liveHolder, waitForWriters, type LockHolder } from "../output-lock.js";
import { progressLine } from "../progress.js";
import { milliseconds } from "../clock.js";
import { warningLimitExceeded } from "../warning-limit.js";
import { emptySourceFinding } from "../empty-source.js";
import type { SiteCheck } from "../docs/check-site.js";
import type { TypesThread } from "../../targets/types/types-thread.js";
import { compiledCodeFolder } from "../compiled-code-folder.js";

/** Regenerates in memory and compares with the output directory. Never writes. */
export async function runCheck(
  args: ParsedArgs,
  settings: Settings,
  io: CliIo,
  /** The types' thread, started before the config was read (run.ts); closed here. */
  thread?: TypesThread,
): Promise<number> {
  const started = milliseconds();
  const result = await compileFresh(args, settings, io, thread);
  const empty = emptySourceFinding(result, settings);
  if (empty) result.diagnostics.push(empty);
  const overLimit = warningLimitExceeded(result.diagnostics, args.maxWarnings ?? settings.maxWarnings);
  if (overLimit) result.diagnostics.push(overLimit);
  const sourceErrors = hasErrors(result.diagnostics);
  const out = displayPath(settings.outDir, io.cwd);
  let drift: Drift = { missing: [], stale: [], orphaned: [] };
  let committed = new Map<string, Buffer | null>();
  // Without --keep-going a failed compilation has no complete tree to compare against.
  if (!sourceErrors || args.keepGoing) {
    const read = await readSettledTree(settings.outDir, result.files, args, io).catch((error: unknown) => {
      // A folder of the output that cannot be listed, a file that cannot be opened: located, not a crash.
      const at = (error as NodeJS.ErrnoException).path ?? settings.outDir;
      result.diagnostics.push(
        errorAt(CLI_CODES.outputUnreadable, `cannot read the output: ${describeFsError(error)}`, { file: at }),
      );
      return { tree: new Map<string, Buffer | null>(), unread: true as const };
    });
    if ("busy" in read) {
      const message = `charter check: generation in progress: ${describeHolder(read.busy, settings.outDir, io.cwd)} still holds the output after ${args.wait ?? DEFAULT_WAIT_SECONDS} s; run check again when it is done`;
      if (args.format === "json")
        io.stdout(JSON.stringify({ command: "check", ok: false, out, busy: read.busy }, null, 2) + "\n");
      else io.stdout(message + "\n");
      return EXIT_BUSY;
    }
    committed = read.tree;
    if ("unread" in read) return reportUnread(result, args, settings, io);
    // By default a reviewer reads schemas, types and the manifest; validators' minified code is one line each.
    drift = compareTrees(
      result.files,
      committed,
      out === "." ? "" : `${out}/`,
      args.full ? Infinity : DEFAULT_DIFF_LINE_LIMIT,
      { summarizeValidators: !args.full },
    );
  }
  const driftFindings = driftDiagnostics(drift, result.files, committed, settings.outDir);
  const treeOk = !sourceErrors && !hasDrift(drift);
  // The committed site is documented from the committed tree: compared only once that tree is right.
  const site = treeOk && settings.docsCheck === true ? await checkSite(settings, args, io.cwd) : undefined;
  const ok = treeOk && (site?.ok ?? true);
  if (args.format === "json") {
    const diagnostics = [...result.diagnostics, ...driftFindings, ...(site?.diagnostics ?? [])];
    io.stdout(
      JSON.stringify(
        {
          command: "check",
          ok,
          out,
          produced: result.produced,
          incomplete: result.incomplete,
          failed: result.failed,
          drift,
          ...(site ? { docs: { out: site.out, drift: site.drift } } : {}),
          diagnostics: diagnostics.map((d) => relativeDiagnostic(d, io.cwd)),
        },
        null,
        2,
      ) + "\n",
    );
    return ok ? EXIT_OK : EXIT_FINDINGS;
  }

  for (const d of result.diagnostics) io.stdout(formatDiagnostic(d, io.cwd, args.format) + "\n");
  const staleByPath = new Map(drift.stale.map((s) => [s.path, s]));
  for (const d of driftFindings) {
    io.stdout(formatDiagnostic(d, io.cwd, args.format) + "\n");
    const relative = d.file!.slice(settings.outDir.length + 1);
    const stale = staleByPath.get(relative);
    if (stale) io.stdout(formatDiff(stale) + "\n");
  }
  if (site !== undefined) return reportSite(site, result.produced.length, args, io);
  const files = drift.missing.length + drift.stale.length + drift.orphaned.length;
  if (ok)
    io.stdout(
      `charter check: ${out} matches a fresh run (${result.produced.length} contract${result.produced.length === 1 ? "" : "s"})${summary(result.summary, started)}\n`,
    );
  else if (sourceErrors && files === 0)
    io.stdout(
      `charter check: ${errorCount(result.diagnostics)} in the sources` +
        (args.keepGoing
          ? `; the ${result.produced.length} contracts that compiled match ${out}${incompleteNote(result.incomplete)}\n`
          : "\n"),
    );
  else
    io.stdout(
      `charter check: ${files} file${files === 1 ? "" : "s"} in ${out} differ from a fresh run (${drift.missing.length} missing, ${drift.stale.length} stale, ${drift.orphaned.length} orphaned); run \`charter generate\` and commit the result\n`,
    );
  return ok ? EXIT_OK : EXIT_FINDINGS;
}

/**
 * The tree and findings of a truly fresh run: nothing from the cache, nothing written to it
 * (V8's compiled code of charter's own dependencies is no result: see compiled-code-folder.ts).
 */
async function compileFresh(
  args: ParsedArgs,
  settings: Settings,
  io: CliIo,
  thread: TypesThread | undefined,
): Promise<CompileResult> {
  const progress = io.progress && !args.quiet && args.format === "text" ? progressLine(io.stderr) : undefined;
  // The config may leave no room for it (`jobs: 1`).
  const typesThread = settings.jobs === undefined || settings.jobs >= 2 ? thread : void (await thread?.close());
  // Types made on this thread (`jobs: 1`, or too many contracts for the other) take TypeScript's
  // code from the folder of compiled code too.
  const compiledCode = await import("../../tasks/compiled-code.js");
  compiledCode.takeCompiledCodeFrom(compiledCodeFolder(process.env, args.noCache));
  return await compile({
    ...settings,
    ...(progress ? { onProgress: progress.stage } : {}),
    ...(typesThread ? { typesThread } : {}),
  }).finally(() => {
    progress?.done();
    compiledCode.keepCompiledCode();
    // Its work is done: it ends while this thread compares the trees.
    void typesThread?.close();
  });
}

/** The docs site's modules (its renderer, the history's diff) load only for a project that checks its site. */
async function checkSite(settings: Settings, args: ParsedArgs, cwd: string): Promise<SiteCheck> {
  return (await import("../docs/check-site.js")).checkSite(settings, args, cwd);
}

/** The generated tree matched; the site's findings and the verdict on both. */
function reportSite(site: SiteCheck, contracts: number, args: ParsedArgs, io: CliIo): number {
  for (const d of site.diagnostics) io.stdout(formatDiagnostic(d, io.cwd, args.format) + "\n");
  const { missing, stale, orphaned } = site.drift;
  const files = missing.length + stale.length + orphaned.length;
  io.stdout(
    site.ok
      ? `charter check: the generated tree and the docs site ${site.out} match a fresh run (${contracts} contract${contracts === 1 ? "" : "s"})\n`
      : files === 0
        ? `charter check: the docs site ${site.out} could not be built\n`
        : `charter check: ${files} file${files === 1 ? "" : "s"} of the docs site ${site.out} differ from a fresh \`charter docs\` (${missing.length} missing, ${stale.length} stale, ${orphaned.length} orphaned); run \`charter docs\` and commit the result\n`,
  );
  return site.ok ? EXIT_OK : EXIT_FINDINGS;
}

/** When the output could not be read: the findings, and exit 1. */
function reportUnread(
  result: Awaited<ReturnType<typeof compile>>,
  args: ParsedArgs,
  settings: Settings,
  io: CliIo,
): number {
  const out = displayPath(settings.outDir, io.cwd);
  if (args.format === "json")
    io.stdout(
      JSON.stringify(
        {
          command: "check",
          ok: false,
          out,
          diagnostics: result.diagnostics.map((d) => relativeDiagnostic(d, io.cwd)),
        },
        null,
        2,
      ) + "\n",
    );
  else {
    for (const d of result.diagnostics) io.stdout(formatDiagnostic(d, io.cwd, args.format) + "\n");
    io.stdout(`charter check: ${out} could not be read; nothing compared\n`);
  }
  return EXIT_FINDINGS;
}

/**
 * The output directory as no writer is changing it: check takes no lock (it
 * writes nothing), so it waits while a run holds one, and reads again if a run
 * took one while it was reading.
 */
async function readSettledTree(
  outDir: string,
  fresh: ReadonlyMap<string, string>,
  args: ParsedArgs,
  io: CliIo,
): Promise<{ tree: Map<string, Buffer | null> } | { busy: LockHolder }> {
  const waitMs = (args.wait ?? DEFAULT_WAIT_SECONDS) * 1000;
  const deadline = Date.now() + waitMs;
  for (;;) {
    const holder = await waitForWriters(outDir, {
      waitMs: Math.max(0, deadline - Date.now()),
      onWait: (h) => io.stderr(`charter check: waiting for ${describeHolder(h, outDir, io.cwd)}\n`),
    });
    if (holder !== undefined) return { busy: holder };
    // Only the files a fresh run writes are read, and a bounded part of each: a stray gigabyte costs nothing.
    const tree = readTree(outDir, (file) => freshBudget(fresh, file));
    if (liveHolder(outDir) === undefined) return { tree };
  }
}
