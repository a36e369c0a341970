import type { Diagnostic } from "../../core/diagnostic.js";
import { compareTrees, driftDiagnostics, hasDrift, type Drift } from "../../drift/compare-trees.js";
import type { ParsedArgs } from "../args.js";
import type { Settings } from "../config.js";
import { displayPath } from "../print.js";
import { readTree } from "../read-tree.js";
import { freshBudget } from "../commands/generate.js";
import { buildSite } from "./build-site.js";

/** What `charter check` finds of a committed docs site (config `docs.check`). */
export interface SiteCheck {
  ok: boolean;
  /** The site's folder as the user names it. */
  out: string;
  drift: Drift;
  diagnostics: Diagnostic[];
}

/**
 * Compares the site in `docs.out` with what `charter docs` writes now, file by file. Each
 * difference is one located finding (CH501 to CH503, advising `charter docs`); no diff is
 * printed, since the pages and bundles are generated and their sources' diff says what changed.
 */
export async function checkSite(settings: Settings, args: ParsedArgs, cwd: string): Promise<SiteCheck> {
  const out = displayPath(settings.docsOutDir, cwd);
  const built = await buildSite(settings, args, cwd);
  const empty: Drift = { missing: [], stale: [], orphaned: [] };
  if ("usage" in built) return { ok: false, out, drift: empty, diagnostics: [built.usage] };
  const committed = readTree(settings.docsOutDir, (file) => freshBudget(built.files, file));
  const drift = compareTrees(built.files, committed, `${out}/`, 0, {});
  // Only the list of files is reported: drop the diffs compareTrees made.
  for (const stale of drift.stale) stale.diff = "";
  const diagnostics = driftDiagnostics(drift, built.files, committed, settings.docsOutDir, "charter docs");
  return { ok: !hasDrift(drift), out, drift, diagnostics };
}
