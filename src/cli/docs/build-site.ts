import path from "node:path";
import { errorAt, type Diagnostic } from "../../core/diagnostic.js";
import { emitDocs } from "../../targets/docs/emit-docs.js";
import { playgroundScripts } from "../../targets/docs/render-contract.js";
import type { ParsedArgs } from "../args.js";
import { CLI_CODES } from "../codes.js";
import type { Settings } from "../config.js";
import { displayPath } from "../print.js";
import { bundleRuntime, bundleValidators } from "./bundle-playground.js";
import { withReportedViolations } from "./counterexample-violations.js";
import { readDocsTree } from "./read-docs-input.js";
import { withHistory } from "./read-history.js";

/** The site's files, or why there are none: a usage error (a misplaced folder, no generated tree). */
export type BuiltSite = { files: Map<string, string>; contracts: number } | { usage: Diagnostic };

/**
 * Everything `charter docs` writes, in memory: the pages from the generated tree and the
 * sources, and the payload box's bundles. `charter docs` writes it; `charter check` compares it
 * with a committed site.
 */
export async function buildSite(settings: Settings, args: ParsedArgs, cwd: string): Promise<BuiltSite> {
  const misplaced = placement(settings.docsOutDir, settings, cwd);
  if (misplaced !== undefined) return { usage: misplaced };
  const tree = await readDocsTree(settings.outDir, settings.rootDir);
  if ("missing" in tree)
    return {
      usage: errorAt(
        CLI_CODES.noValidators,
        `no generated tree in ${displayPath(settings.outDir, cwd)} (no ${tree.missing}); run \`charter generate\` first`,
        {},
      ),
    };
  const unreadable = await withHistory(tree.input.contracts, settings);
  if (unreadable !== undefined) return { usage: unreadable };
  await withReportedViolations(tree.input.contracts, settings.outDir, args);
  const files = emitDocs(tree.input);
  if (tree.validators.size > 0) {
    files.set("assets/runtime.js", await bundleRuntime());
    for (const [name, bundle] of await bundleValidators(tree.validators))
      files.set(playgroundScripts(name)[1]!, bundle);
  }
  return { files, contracts: tree.input.contracts.length };
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
