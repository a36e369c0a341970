import { compile } from "../../compiler/compile.js";
import { hasErrors } from "../../compiler/diagnostic.js";
import { compareTrees, driftDiagnostics, hasDrift, type Drift } from "../../compiler/drift/compare-trees.js";
import type { ParsedArgs } from "../args.js";
import type { Settings } from "../config.js";
import { EXIT_FINDINGS, EXIT_OK, type CliIo } from "../io.js";
import { displayPath, formatDiagnostic, formatDiff, relativeDiagnostic } from "../print.js";
import { readTree } from "../read-tree.js";
import { errorCount, incompleteNote, summary } from "./generate.js";
import { progressLine } from "../progress.js";

/** Regenerates in memory and compares with the output directory. Never writes. */
export async function runCheck(args: ParsedArgs, settings: Settings, io: CliIo): Promise<number> {
  // Against a truly fresh result: nothing from the cache, nothing written to it.
  const started = performance.now();
  const progress = io.progress && !args.quiet && args.format === "text" ? progressLine(io.stderr) : undefined;
  const result = await compile({ ...settings, cacheDir: undefined, ...(progress ? { onProgress: progress.stage } : {}) }).finally(() => progress?.done());
  const sourceErrors = hasErrors(result.diagnostics);
  const out = displayPath(settings.outDir, io.cwd);
  let drift: Drift = { missing: [], stale: [], orphaned: [] };
  let committed = new Map<string, Buffer | null>();
  // Without --keep-going a failed compilation has no complete tree to compare against.
  if (!sourceErrors || args.keepGoing) {
    committed = await readTree(settings.outDir);
    drift = compareTrees(result.files, committed, out === "." ? "" : `${out}/`);
  }
  const driftFindings = driftDiagnostics(drift, result.files, committed, settings.outDir);
  const diagnostics = [...result.diagnostics, ...driftFindings];
  const ok = !sourceErrors && !hasDrift(drift);

  if (args.format === "json") {
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
  const files = drift.missing.length + drift.stale.length + drift.orphaned.length;
  if (ok) io.stdout(`charter check: ${out} matches a fresh run (${result.produced.length} contract${result.produced.length === 1 ? "" : "s"})${summary(result.summary, started)}\n`);
  else if (sourceErrors && files === 0)
    io.stdout(
      `charter check: ${errorCount(result.diagnostics)} in the sources` +
        (args.keepGoing ? `; the ${result.produced.length} contracts that compiled match ${out}${incompleteNote(result.incomplete)}\n` : "\n"),
    );
  else
    io.stdout(
      `charter check: ${files} file${files === 1 ? "" : "s"} in ${out} differ from a fresh run (${drift.missing.length} missing, ${drift.stale.length} stale, ${drift.orphaned.length} orphaned); run \`charter generate\` and commit the result\n`,
    );
  return ok ? EXIT_OK : EXIT_FINDINGS;
}
