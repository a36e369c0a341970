import { realpathSync } from "node:fs";
import type { SourceFile } from "../compiler/load/discover-sources.js";
import { sourceKey, type ResolvedSources } from "../compiler/resolve/resolve-sources.js";
import { resolveUri, sourceUri, splitFragment } from "../schema/uri.js";
import type { CurrentDocuments } from "./keep-previous.js";
import { connected, fileDigest, PREVIOUS_RUN_VERSION, type PreviousRun } from "./previous-run.js";

/**
 * What a run after an edit loads and resolves: the documents connected to a changed one by the
 * previous run's references, either way (decision 004, "Only the documents an edit is connected
 * to"). Every other document reads the same bytes through the same references as then, so what
 * the run needs of it is in the record: its findings, its resources, its contract's claims to
 * type names, its files.
 */
export interface Closure {
  /** Keys of the documents connected to a change, sources and catalog files. */
  documents: Set<string>;
  /** Relative paths of the sources among them: the only sources loaded. */
  sources: Set<string>;
}

/**
 * The closure of what changed since the run `previous` records, or undefined when the record
 * cannot stand for the rest: another set of sources, sources refused for their names, a finding
 * of the first stages it could not place, a custom meta-schema, nothing changed at all (the
 * output, then, was), or a contract whose claims to type names it lacks.
 */
export function changedClosure(
  previous: PreviousRun,
  sources: readonly SourceFile[],
  clashing: ReadonlySet<string>,
): Closure | undefined {
  if (previous.version !== PREVIOUS_RUN_VERSION || previous.diagnostics === null || previous.front === null)
    return undefined;
  if (previous.customMetaSchemas || clashing.size > 0) return undefined;
  const recorded = new Map(previous.contracts.map(([, record]) => [record.key, record]));
  const keys = sources.map((s) => sourceKey(s.relativePath));
  if (keys.length !== recorded.size || keys.some((key) => !recorded.has(key))) return undefined;
  if ([...recorded.values()].some((r) => r.typesContract !== undefined && r.claims === undefined)) return undefined;
  const before = new Map(previous.documents.map(([key, sha256]) => [key, sha256]));
  const changed: string[] = [];
  // A source that failed to load has no document in the record: it is loaded again, as changed.
  sources.forEach((source, index) => {
    const digest = fileDigest(source.absolutePath);
    if (digest === "" || before.get(keys[index]!) !== digest) changed.push(keys[index]!);
  });
  for (const [key, file] of previous.catalogFiles) {
    const digest = fileDigest(file);
    if (digest === "" || before.get(key) !== digest) changed.push(key);
  }
  if (changed.length === 0) return undefined;
  const documents = connected(changed, previous.documents);
  const reached = sources.filter((_, index) => documents.has(keys[index]!)).map((s) => s.relativePath);
  // Connected to every source: the run reads them all anyway.
  if (reached.length === sources.length) return undefined;
  return { documents, sources: new Set(reached) };
}

/**
 * Whether resolving the closure alone found what resolving every source would: it reached no
 * document of the record outside it (the edit made a new connection), and no reference, `$id`
 * or `$schema` of it names a resource of a document outside it, which the run did not read.
 */
export function closureHolds(
  previous: PreviousRun,
  closure: Closure,
  sources: readonly SourceFile[],
  resolved: ResolvedSources,
): boolean {
  const recorded = new Set(previous.documents.map(([key]) => key));
  for (const key of resolved.graph.documents.keys()) if (recorded.has(key) && !closure.documents.has(key)) return false;
  const elsewhere = new Set<string>();
  for (const [key, uris] of previous.resources)
    if (!closure.documents.has(key)) for (const uri of uris) elsewhere.add(splitFragment(uri).base);
  const outside = sources.filter((s) => !closure.sources.has(s.relativePath));
  for (const source of outside) elsewhere.add(sourceUri(source.relativePath));
  if (elsewhere.size === 0) return true;
  let outsideFiles: Set<string> | undefined;
  for (const entry of resolved.graph.documents.values()) {
    if (entry.index.resources.some((r) => elsewhere.has(splitFragment(r.uri).base))) return false;
    for (const site of entry.index.references) {
      const resolution = resolveUri(site.value, site.base);
      if (resolution.ok && elsewhere.has(splitFragment(resolution.uri).base)) return false;
    }
    // A catalog mapping that leads to a source's file reads that source.
    if (entry.document.kind === "catalog") {
      outsideFiles ??= new Set(outside.map((s) => realPath(s.absolutePath)));
      if (outsideFiles.has(entry.document.file)) return false;
    }
  }
  for (const document of resolved.documents) {
    const root = document.value;
    const declared = root !== null && typeof root === "object" && !Array.isArray(root) ? root["$schema"] : undefined;
    if (typeof declared === "string" && elsewhere.has(splitFragment(declared).base)) return false;
  }
  return true;
}

/**
 * This run's documents for its record: the closure's as read now, every other's as the previous
 * run recorded it (its bytes, references, resources and findings are the same).
 */
export function withRecordedRest(now: CurrentDocuments, previous: PreviousRun, closure: Closure): CurrentDocuments {
  const rest = <T extends [string, ...unknown[]]>(entries: readonly T[]) =>
    entries.filter(([key]) => !closure.documents.has(key));
  const fresh = new Set(now.documents.map(([key]) => key));
  return {
    ...now,
    documents: [...rest(previous.documents).filter(([key]) => !fresh.has(key)), ...now.documents],
    front: now.front === null ? null : [...rest(previous.front!), ...now.front],
    resources: [...rest(previous.resources).filter(([key]) => !fresh.has(key)), ...now.resources],
    catalogFiles: [...rest(previous.catalogFiles).filter(([key]) => !fresh.has(key)), ...now.catalogFiles],
  };
}

function realPath(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}
