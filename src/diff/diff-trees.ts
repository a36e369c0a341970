import type { Manifest, ManifestContract } from "../targets/manifest/emit-manifest.js";
import { compareSchemas } from "./compare-schemas.js";
import { compareTypes } from "./compare-types.js";
import type { Category, Finding } from "./rules.js";
import { directionOf, type DiffSettings, type IgnoredFinding } from "./settings.js";
import { versionVerdict, type VersionVerdict } from "./version-policy.js";

/** A generated tree, as files relative to its root (manifest.json, schemas/..., types/...). */
export interface ContractTree {
  manifest: Manifest;
  files: ReadonlyMap<string, string>;
}

/** What a finding means for this run. */
export type Verdict =
  /** breaks whom the contract's direction names, and no version bump allows it: fails the run */
  | "breaking"
  /** breaking, and allowed by the major (or, below 1.0.0, minor) version bump */
  | "allowed-by-version"
  /** breaking, and let pass by an ignore of the config, with its reason */
  | "ignored"
  /** of a category that does not break this contract's direction, or non-breaking */
  | "compatible";

export interface JudgedFinding extends Finding {
  verdict: Verdict;
  /** The reason of the ignore that let it pass. */
  reason?: string;
}

export interface ContractVersions {
  contract: string;
  base?: string;
  head?: string;
  /** Whether the version change covers the contract's breaking findings. */
  verdict: VersionVerdict;
}

export interface DiffReport {
  findings: JudgedFinding[];
  versions: ContractVersions[];
  /** True when nothing breaks: no finding is `breaking`, no version went backwards or missed its bump. */
  ok: boolean;
}

/**
 * Every change from `base` to `head`, each judged: whom it can break (the
 * contract's direction), whether the config ignores it, whether the version
 * change allows it.
 */
export function diffTrees(base: ContractTree, head: ContractTree, settings: DiffSettings): DiffReport {
  const findings: Finding[] = [];
  const before = new Map(base.manifest.contracts.map((c) => [c.name, c]));
  const after = new Map(head.manifest.contracts.map((c) => [c.name, c]));
  for (const [name, old] of before) {
    const now = after.get(name);
    if (now === undefined) {
      findings.push({
        rule: "contract-removed",
        category: "input-narrowing",
        contract: name,
        basePointer: "#",
        message: `contract ${name} removed`,
      });
      continue;
    }
    if (old.digest === now.digest) continue;
    findings.push(...compareSchemas(name, schemaOf(base, old), schemaOf(head, now)));
  }
  for (const name of after.keys()) {
    if (!before.has(name))
      findings.push({
        rule: "contract-added",
        category: "non-breaking",
        contract: name,
        headPointer: "#",
        message: `contract ${name} added`,
      });
  }
  findings.push(...compareTypes(typeModules(base), typeModules(head)));

  const judged = findings.map((f) => judge(f, settings));
  const versions: ContractVersions[] = [];
  for (const name of new Set([...before.keys(), ...after.keys()])) {
    const breaking = judged.filter((f) => f.contract === name && f.verdict === "breaking");
    const [was, is] = [versionOf(base.manifest, before.get(name)), versionOf(head.manifest, after.get(name))];
    const verdict = versionVerdict(was, is, breaking.length > 0);
    if (verdict === "bumped") for (const f of breaking) f.verdict = "allowed-by-version";
    if (was !== undefined || is !== undefined)
      versions.push({
        contract: name,
        ...(was !== undefined ? { base: was } : {}),
        ...(is !== undefined ? { head: is } : {}),
        verdict,
      });
  }
  const order = (f: JudgedFinding) => `${f.contract}\u0000${f.headPointer ?? f.basePointer ?? ""}\u0000${f.rule}`;
  judged.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
  const ok =
    !judged.some((f) => f.verdict === "breaking") &&
    !versions.some((v) => v.verdict === "went-backwards" || v.verdict === "missing-bump");
  return { findings: judged, versions, ok };
}

/** Whom the finding's category can break, against whom the contract's direction protects. */
function judge(finding: Finding, settings: DiffSettings): JudgedFinding {
  const direction = directionOf(settings, finding.contract);
  const breaks: readonly Category[] =
    direction === "input"
      ? ["input-narrowing", "typescript-api"]
      : direction === "output"
        ? ["output-widening", "typescript-api"]
        : ["input-narrowing", "output-widening", "typescript-api"];
  if (!breaks.includes(finding.category)) return { ...finding, verdict: "compatible" };
  const ignore = settings.ignore.find((i) => matches(i, finding));
  return ignore ? { ...finding, verdict: "ignored", reason: ignore.reason } : { ...finding, verdict: "breaking" };
}

function matches(ignore: IgnoredFinding, finding: Finding): boolean {
  if (ignore.rule !== finding.rule) return false;
  if (ignore.contract !== undefined && ignore.contract !== finding.contract) return false;
  return (
    ignore.pointer === undefined || ignore.pointer === finding.basePointer || ignore.pointer === finding.headPointer
  );
}

/** A contract's version, else its set's (also for a contract that one side lacks). */
function versionOf(manifest: Manifest, contract: ManifestContract | undefined): string | undefined {
  return contract?.version ?? manifest.version;
}

function schemaOf(tree: ContractTree, contract: ManifestContract): unknown {
  const text = tree.files.get(contract.artifacts["schema"] ?? "");
  return text === undefined ? {} : (JSON.parse(text) as unknown);
}

function typeModules(tree: ContractTree): Map<string, { text: string; contract: string }> {
  const modules = new Map<string, { text: string; contract: string }>();
  for (const contract of tree.manifest.contracts) {
    const file = contract.artifacts["types"];
    const text = file === undefined ? undefined : tree.files.get(file);
    if (file !== undefined && text !== undefined) modules.set(file, { text, contract: contract.name });
  }
  return modules;
}
