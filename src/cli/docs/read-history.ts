import { errorAt, type Diagnostic } from "../../core/diagnostic.js";
import { contractTree, isDiffInput } from "../../diff/contract-tree.js";
import { DIFF_CODES } from "../../diff/codes.js";
import { diffTrees, type ContractTree, type JudgedFinding } from "../../diff/diff-trees.js";
import type { DocsContract, HistoryEntry } from "../../targets/docs/docs-input.js";
import type { Settings } from "../config.js";
import { readGitTree } from "../read-git-tree.js";
import { readTree } from "../read-tree.js";

/**
 * Each contract's change history for the site: the generated tree the pages document against
 * each git revision `docs.history` names, read from git as `charter diff --base` reads it and
 * judged by the same comparison and the config's `diff` section. A revision git does not know
 * is an error, not an empty history.
 */
export async function withHistory(contracts: DocsContract[], settings: Settings): Promise<Diagnostic | undefined> {
  const refs = settings.docsHistory ?? [];
  if (refs.length === 0) return undefined;
  const files = new Map<string, string>();
  for (const [file, bytes] of readTree(settings.outDir))
    if (bytes !== null && isDiffInput(file)) files.set(file, bytes.toString("utf8"));
  const head = contractTree(files);
  if (typeof head === "string") return errorAt(DIFF_CODES.baseUnreadable, `cannot read the generated tree: ${head}`);
  for (const contract of contracts) contract.history = [];
  for (const ref of refs) {
    const read = readGitTree(settings.outDir, ref, isDiffInput);
    const base: ContractTree | string =
      typeof read === "string"
        ? read
        : read.size === 0
          ? { manifest: { ...head.manifest, contracts: [] }, files: read }
          : contractTree(read);
    if (typeof base === "string")
      return errorAt(DIFF_CODES.baseUnreadable, `cannot read the version ${ref} that docs.history names: ${base}`);
    const known = new Set(base.manifest.contracts.map((c) => c.name));
    const findings = diffTrees(base, head, settings.diff).findings;
    for (const contract of contracts) {
      const own = findings.filter((f) => f.contract === contract.name);
      contract.history!.push(historyEntry(ref, known.has(contract.name), own));
    }
  }
  return undefined;
}

function historyEntry(ref: string, existed: boolean, findings: readonly JudgedFinding[]): HistoryEntry {
  const change: HistoryEntry["change"] = !existed
    ? "new"
    : findings.length === 0
      ? "unchanged"
      : findings.every((f) => f.rule === "description-changed")
        ? "docs-only"
        : findings.some((f) => f.verdict !== "compatible")
          ? "breaking"
          : "compatible";
  return {
    ref,
    change,
    changes: existed
      ? findings.map((f) => ({
          rule: f.rule,
          message: f.message,
          ...(f.headPointer?.startsWith("#") ? { pointer: f.headPointer } : {}),
        }))
      : [],
  };
}
