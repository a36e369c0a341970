import path from "node:path";
import { errorAt, type Diagnostic } from "../../core/diagnostic.js";
import { emitDocs } from "../../targets/docs/emit-docs.js";
import { playgroundScripts } from "../../targets/docs/render-contract.js";
import type { ParsedArgs } from "../args.js";
import { CLI_CODES } from "../codes.js";
import type { Settings } from "../config.js";
import { bundleRuntime, bundleValidator } from "../docs/bundle-playground.js";
import { withReportedViolations } from "../docs/counterexample-violations.js";
import { readDocsTree } from "../docs/read-docs-input.js";
import { writeSite } from "../docs/write-site.js";
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, type CliIo } from "../io.js";
import { displayPath, formatDiagnostic, relativeDiagnostic } from "../print.js";

/**
 * `charter docs`: a static site from the committed generated tree and the sources, with the
 * contracts' own validators bundled for the payload box. It compiles no schema: the pages
 * document what `generate` wrote.
 */
export async function runDocs(args: ParsedArgs, settings: Settings, io: CliIo): Promise<number> {
  const site = settings.docsOutDir;
  const shown = displayPath(site, io.cwd);
  const misplaced = placement(site, settings, io.cwd);
  if (misplaced !== undefined) return fail(io, args, misplaced, EXIT_USAGE);
  const tree = await readDocsTree(settings.outDir, settings.rootDir);
  if ("missing" in tree)
    return fail(
      io,
      args,
      errorAt(
        CLI_CODES.noValidators,
        `no generated tree in ${displayPath(settings.outDir, io.cwd)} (no ${tree.missing}); run \`charter generate\` first`,
        {},
      ),
      EXIT_USAGE,
    );
  await withReportedViolations(tree.input.contracts, settings.outDir, args);
  const files = emitDocs(tree.input);
  if (tree.validators.size > 0) {
    files.set("assets/runtime.js", await bundleRuntime());
    for (const [name, file] of [...tree.validators].sort(([a], [b]) => (a < b ? -1 : 1)))
      files.set(playgroundScripts(name)[1]!, await bundleValidator(file, name));
  }
  let written;
  try {
    written = await writeSite(site, files);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return fail(
      io,
      args,
      errorAt(CLI_CODES.writeFailed, `cannot write the site to ${shown} (${reason})`, {}),
      EXIT_FINDINGS,
    );
  }
  if (written === "foreign")
    return fail(
      io,
      args,
      errorAt(
        CLI_CODES.outDirForeign,
        `${shown} holds files and was not written by charter docs (no ${".charter-docs"}); choose an empty or new folder with --out or docs.out`,
        {},
      ),
      EXIT_FINDINGS,
    );
  const count = tree.input.contracts.length;
  if (args.format === "json")
    io.stdout(
      JSON.stringify({ command: "docs", ok: true, out: shown, contracts: count, files: files.size }, null, 2) + "\n",
    );
  else
    io.stdout(
      `charter: wrote the docs of ${count} contract${count === 1 ? "" : "s"} to ${shown} (open ${shown}/index.html)\n`,
    );
  return EXIT_OK;
}

/** The site's folder may not overlap the sources or the generated tree: it is replaced whole. */
function placement(site: string, settings: Settings, cwd: string): Diagnostic | undefined {
  const inside = (child: string, parent: string) => child === parent || child.startsWith(parent + path.sep);
  if (path.dirname(site) === site)
    return errorAt(CLI_CODES.outDirPlacement, `the site's folder ${site} is the file system's root`, {});
  for (const [other, what] of [
    [settings.sourceDir, "the source directory"],
    [settings.outDir, "the generated tree"],
  ] as const)
    if (inside(site, other) || inside(other, site))
      return errorAt(
        CLI_CODES.outDirPlacement,
        `the site's folder ${displayPath(site, cwd)} overlaps ${what} ${displayPath(other, cwd)}: charter docs replaces it whole`,
        {},
      );
  return undefined;
}

function fail(io: CliIo, args: ParsedArgs, diagnostic: Diagnostic, exit: number): number {
  if (args.format === "json")
    io.stdout(
      JSON.stringify({ command: "docs", ok: false, diagnostics: [relativeDiagnostic(diagnostic, io.cwd)] }, null, 2) +
        "\n",
    );
  else io.stderr(formatDiagnostic(diagnostic, io.cwd, args.format) + "\n");
  return exit;
}
