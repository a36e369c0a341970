import type { Diagnostic } from "../core/diagnostic.js";
import { bundleContracts } from "../compiler/bundle/bundle-contracts.js";
import { checkContracts, type CheckedContracts } from "../compiler/check/check-contracts.js";
import { findSources, loadFound, type FoundSources } from "../compiler/load/load-sources.js";
import { loadSource } from "../compiler/load/load-source.js";
import { loadInstanceFiles } from "../compiler/load/instance-files.js";
import { resolveSources, type ResolvedSources } from "../compiler/resolve/resolve-sources.js";
import { subgraph } from "../schema/resolved-graph.js";
import type { TaskSettings } from "../tasks/run-tasks.js";
import { moduleStem } from "../targets/shared/output-files.js";
import { refuseTooManyScopes } from "../targets/validators/too-many-scopes.js";
import { DEFAULT_VALIDATION, policyFor, type ValidationPolicy } from "../settings/validation.js";
import type { CompileOptions } from "./compile-options.js";
import { changedClosure, closureHolds, withRecordedRest, type Closure } from "./changed-closure.js";
import { currentDocuments, planKeeping, type KeptContracts } from "./keep-previous.js";
import { plainTexts, type FileRead } from "./previous-run.js";

export function canonicalId(baseUri: string, name: string): string {
  return baseUri + name.split("/").map(encodeURIComponent).join("/") + ".schema.json";
}

/** Which documents the front stages read: every one, or those connected to what changed when the record can stand for the others. */
export type FrontDocuments = "closure" | "every-document";

/**
 * Load and resolve; then, for the contracts the previous run's record does not let this run
 * keep (all of them without one), check and bundle. After an edit, only the sources connected to
 * it are loaded and resolved when the record can stand for the others (changed-closure.ts).
 */
export async function frontStages(
  options: CompileOptions,
  tasks: TaskSettings,
  diagnostics: Diagnostic[],
  lap: (stage: string) => void,
  reading: FrontDocuments,
) {
  const policyOf = (contract: string) => policyFor(options.validation ?? DEFAULT_VALIDATION, contract);
  const recording = options.previous !== undefined || options.recordRun === true;
  const found = await findSources(options.sourceDir, moduleStem);
  const previous = recording ? options.previous : undefined;
  const closure =
    previous && reading === "closure" ? changedClosure(previous, found.sources, found.clashing) : undefined;
  // What the closure cannot stand for (a new connection, changed instance files, a custom
  // meta-schema now): every source is read.
  const read =
    (closure && (await readDocuments(options, found, closure, lap, recording))) ||
    (await readDocuments(options, found, undefined, lap, recording))!;
  const { loaded, resolved, now, keeping } = read;
  diagnostics.push(...loaded.diagnostics, ...resolved.diagnostics, ...read.recordedFindings);
  const documents = keeping ? resolved.documents.filter((d) => keeping.affected.has(d.name)) : resolved.documents;
  const downstream: Diagnostic[] = [];
  const checked = await check(resolved, options.sourceDir, policyOf, keeping);
  // Recorded by the document each is in: a run after an edit finds those of the components it touched.
  downstream.push(...checked.graphDiagnostics, ...checked.diagnostics);
  lap("check");
  const bundled = bundleContracts(resolved.graph, documents, checked, {
    canonicalIdOf: (name) => canonicalId(options.baseUri, name),
    refSiblingsOf: (contract) => policyOf(contract).refSiblings,
  });
  downstream.push(...bundled.diagnostics);
  // Refused (CH405) before anything is emitted for them, as if their bundling had failed.
  const {
    bundles,
    refused,
    diagnostics: scopeFindings,
  } = await refuseTooManyScopes(bundled.bundles, resolved.graph, tasks);
  for (const name of refused) checked.failed.add(name);
  downstream.push(...scopeFindings);
  lap("bundle");
  const catalogFiles = (now?.catalogFiles ?? catalogFilesOf(resolved)).map(([, file]) => file);
  return { policyOf, loaded, resolved, now, keeping, downstream, checked, bundles, catalogFiles };
}

/**
 * The load and resolve stages and what the record lets the run keep; with a closure, of its
 * sources alone, or undefined when what they resolved to, or the record, cannot stand for the rest.
 */
async function readDocuments(
  options: CompileOptions,
  found: FoundSources,
  closure: Closure | undefined,
  lap: (stage: string) => void,
  recording: boolean,
) {
  const read = await loadAndResolve(options, found, closure, lap);
  const { loaded, resolved, catalogReads } = read;
  if (closure && !closureHolds(options.previous!, closure, found.sources, resolved)) return undefined;
  const fresh = recording ? currentDocuments(options.sourceDir, loaded, resolved, catalogReads) : undefined;
  const now = fresh && closure ? withRecordedRest(fresh, options.previous!, closure) : fresh;
  const keeping = now && planKeeping(options.previous, now, loaded, resolved);
  if (closure && keeping === undefined) return undefined;
  return { ...read, now, keeping };
}

/**
 * The load and resolve stages, of every source or of the closure's alone; with the closure, the
 * findings of the first stages in every other document, as the record has them.
 */
async function loadAndResolve(
  options: CompileOptions,
  found: FoundSources,
  closure: Closure | undefined,
  lap: (stage: string) => void,
) {
  // JSON texts the last run found plain are read with JSON.parse alone.
  const plain = plainTexts(options.previous);
  const loaded = await loadFound(found, options.parses, plain, closure?.sources);
  lap("load");
  // What the record keeps of each catalog file read (its digest, whether it was plain), not its parse.
  const catalogReads = new Map<string, FileRead>();
  const sources = closure
    ? { ...loaded, sources: loaded.sources.filter((s) => closure.sources.has(s.relativePath)) }
    : loaded;
  const resolved = await resolveSources(sources, options.catalog, options.resolution, async (file) => {
    const read = await loadSource(file, options.parses, plain);
    catalogReads.set(file, { sha256: read.sha256, plain: read.plain });
    return read;
  });
  lap("resolve");
  const recordedFindings = closure
    ? options.previous!.front!.filter(([key]) => !closure.documents.has(key)).map(([, d]) => d)
    : [];
  return { loaded, resolved, catalogReads, closure, recordedFindings };
}

function catalogFilesOf(resolved: ResolvedSources): [string, string][] {
  return [...resolved.graph.documents]
    .filter(([, entry]) => entry.document.kind === "catalog")
    .map(([key, entry]) => [key, entry.document.file]);
}

/**
 * The check stage, told each contract's validation policy in the terms it checks by. After an
 * edit, of the documents connected to it alone: a reference cycle, or a reference that names
 * nothing, lies in one component of the graph with every contract it concerns, so the findings
 * of the others are the previous run's, which the record keeps.
 */
function check(
  resolved: ResolvedSources,
  sourceDir: string,
  policyOf: (contract: string) => ValidationPolicy,
  keeping: KeptContracts | undefined,
): Promise<CheckedContracts> {
  const graph = keeping ? subgraph(resolved.graph, keeping.affectedDocuments) : resolved.graph;
  const documents = keeping ? resolved.documents.filter((d) => keeping.affected.has(d.name)) : resolved.documents;
  return checkContracts(graph, documents, resolved.failedNames, {
    sourceDir,
    loadInstanceFiles,
    policyOf: (contract) => ({
      strict: policyOf(contract).strictness === "strict",
      linearPatterns: policyOf(contract).patterns === "linear",
      keywords: policyOf(contract).keywords,
    }),
  });
}
