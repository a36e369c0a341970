/**
 * Charter's verdicts on one draft's groups. Groups share compiles (by default
 * one per draft: the fewest compiles; one per file measured the same, one per
 * group a third slower). A group that fails in company, or that resolved a
 * reference to another group's schema, is compiled again alone and judged by
 * that lone compile: a clash of `$id`s (CH203), or one group's crash, must not
 * speak for another group.
 */
import path from "node:path";
import { compileTree, type Tree, type TreeOptions, type TreeResult } from "./compile-tree.js";
import { describeError, type GroupOutcome, type Verdict } from "./outcome.js";
import { contractName } from "./sources.js";
import type { SuiteGroup } from "./suite.js";

/** How groups are put into shared compiles. */
export type Split = "draft" | "file" | "group";
export const SPLITS: readonly Split[] = ["draft", "file", "group"];

export interface CharterOptions extends TreeOptions {
  split: Split;
  /** A fresh folder for this draft's trees, under one that links to node_modules. */
  workDir: string;
}

/** A test whose data `isValid` (the module stopped at the first violation) and `validate` (every violation) judge differently. */
export interface ValidateMismatch {
  group: SuiteGroup;
  test: number;
  isValid: boolean;
  validateOk: boolean;
}

export interface CharterRun {
  outcomes: Map<SuiteGroup, GroupOutcome>;
  /** Groups compiled again alone, and why they could not stay in their shared compile. */
  isolated: { group: SuiteGroup; reason: string }[];
  validateMismatches: ValidateMismatch[];
  /** Groups that got validators despite errors at their source, or without types. */
  incomplete: { group: SuiteGroup; types: boolean; errors: string[] }[];
  misread: SuiteGroup[];
  compiles: number;
  compileMs: number;
  validateMs: number;
}

export async function runCharter(groups: readonly SuiteGroup[], options: CharterOptions): Promise<CharterRun> {
  const run: CharterRun = {
    outcomes: new Map(),
    isolated: [],
    validateMismatches: [],
    incomplete: [],
    misread: [],
    compiles: 0,
    compileMs: 0,
    validateMs: 0,
  };
  const compileIn = async (batch: readonly SuiteGroup[], folder: string): Promise<Tree> => {
    const tree = await compileTree(batch, path.join(options.workDir, folder), options);
    run.compiles++;
    run.compileMs += tree.compileMs;
    return tree;
  };

  const final = new Map<SuiteGroup, TreeResult>();
  const batches = partition(groups, options.split);
  for (const [index, batch] of batches.entries()) {
    const tree = await compileIn(batch, `shared-${index}`);
    // Whether charter reads a source back as written does not depend on the tree; lone compiles would only repeat it.
    run.misread.push(...tree.misread);
    for (const [group, result] of tree.results) {
      const reason = batch.length > 1 ? needsIsolation(result) : undefined;
      if (reason === undefined) final.set(group, result);
      else run.isolated.push({ group, reason });
    }
  }
  for (const [index, { group }] of run.isolated.entries()) {
    const tree = await compileIn([group], `alone-${index}`);
    final.set(group, tree.results.get(group)!);
  }

  for (const group of groups) {
    const result = final.get(group)!;
    if (result.kind === "compiled" && (!result.types || result.errors.length > 0))
      run.incomplete.push({ group, types: result.types, errors: result.errors });
  }
  const started = performance.now();
  for (const group of groups) run.outcomes.set(group, await judge(group, final.get(group)!, run.validateMismatches));
  run.validateMs = performance.now() - started;
  return run;
}

function partition(groups: readonly SuiteGroup[], split: Split): SuiteGroup[][] {
  if (split === "draft") return [[...groups]];
  if (split === "group") return groups.map((g) => [g]);
  const byFile = new Map<string, SuiteGroup[]>();
  for (const group of groups) byFile.set(group.file, [...(byFile.get(group.file) ?? []), group]);
  return [...byFile.values()];
}

function needsIsolation(result: TreeResult): string | undefined {
  if (result.kind === "refused")
    return `refused in company: ${result.diagnostics.map((d) => d.split(" ")[0]).join(", ")}`;
  if (result.kind === "crashed") return "the shared compile crashed";
  if (result.borrowed.length > 0) return `embeds ${result.borrowed.join(", ")}`;
  return undefined;
}

async function judge(group: SuiteGroup, result: TreeResult, mismatches: ValidateMismatch[]): Promise<GroupOutcome> {
  if (result.kind === "refused")
    return { verdicts: group.tests.map(() => "refused"), refusal: result.diagnostics, crashes: [] };
  if (result.kind === "crashed")
    return { verdicts: group.tests.map(() => "refused"), refusal: ["compile() threw"], crashes: [result.stack] };
  const name = contractName(group);
  const crashes: string[] = [];
  const verdicts: Verdict[] = [];
  for (const [index, test] of group.tests.entries()) {
    try {
      const isValid = await result.runtime.isValid(name, test.data);
      // validate() runs the module to list every violation: a second verdict, reached by another path through the code.
      const validateOk = (await result.runtime.validate(name, test.data)).ok;
      if (validateOk !== isValid) mismatches.push({ group, test: index, isValid, validateOk });
      verdicts.push(isValid ? "valid" : "invalid");
    } catch (error) {
      crashes.push(describeError(error));
      verdicts.push("crashed");
    }
  }
  return { verdicts, crashes };
}
