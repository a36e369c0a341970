import { errorAt, type Diagnostic } from "../../core/diagnostic.js";
import { DOCS_MARKER } from "../../targets/docs/emit-docs.js";
import type { ParsedArgs } from "../args.js";
import { CLI_CODES } from "../codes.js";
import type { Settings } from "../config.js";
import { buildSite } from "../docs/build-site.js";
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
  const built = await buildSite(settings, args, io.cwd);
  if ("usage" in built) return fail(io, args, built.usage, EXIT_USAGE);
  const { files, contracts } = built;
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
        `${shown} holds files and was not written by charter docs (no ${DOCS_MARKER}); choose an empty or new folder with --out or docs.out`,
        {},
      ),
      EXIT_FINDINGS,
    );
  if (args.format === "json")
    io.stdout(JSON.stringify({ command: "docs", ok: true, out: shown, contracts, files: files.size }, null, 2) + "\n");
  else
    io.stdout(
      `charter: wrote the docs of ${contracts} contract${contracts === 1 ? "" : "s"} to ${shown} (open ${shown}/index.html)\n`,
    );
  return EXIT_OK;
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
