import type { RepairApplication, Repair } from "../../repairs/support/repair.js";
import { documentClosure } from "../../schema/document-closure.js";
import type { ResolvedGraph } from "../../schema/resolved-graph.js";
import type { TaskStore } from "../../tasks/task-store.js";
import type { TypeNames } from "../shared/type-names.js";
import type { TypesModuleResult } from "./generate-module.js";

/** The cache's name for a contract's types made from its reference closure. */
const TASK = "typesOfClosure";
/** Its name for one document of a closure, whose digest the closure's key holds. */
const DOCUMENT_TASK = "closureDocument";

/** What a contract's types module was made of and into, kept under the key of its reference closure. */
export interface ClosureEntry {
  output: TypesModuleResult;
  /** Types imported from other contracts' modules, by the name of the document that declares them. */
  imports: [string, string[]][];
  /** The schema-depth repairs applied while its input was prepared. */
  applications: RepairApplication[];
}

/**
 * The key, for each contract, of everything the preparation of its generator input
 * reads (prepare-input.ts and the schema-depth repairs): each document of its
 * reference closure, with its value, dialect, vocabularies and resolved
 * references, the type names charter gave each, and the repairs in order, so
 * that a contract none of whose documents changed finds its module without its
 * input being prepared again (about a second for a hundred contracts). A
 * superset of what the preparation reads: a document the contract only imports
 * a type from is in it, whole. Documents are named, never located, so the key
 * is the same in every checkout.
 */
export function closureKeys(
  cache: TaskStore,
  graph: ResolvedGraph,
  contracts: readonly { key: string; name: string; source: string; digest: string }[],
  names: TypeNames,
  repairs: readonly Repair[],
): string[] {
  const nameOf = (key: string) => graph.documents.get(key)?.document.name ?? "";
  // Each document is serialized and digested once, however many contracts reach it.
  const digests = new Map<string, string>();
  const digestOf = (key: string) => {
    let digest = digests.get(key);
    if (digest === undefined)
      digests.set(key, (digest = cache.key(DOCUMENT_TASK, material(graph, key, names, nameOf))));
    return digest;
  };
  return contracts.map((contract) => {
    const documents = [...documentClosure(graph, contract.key)]
      .map((key) => ({ key, name: nameOf(key) }))
      // The contract's own document first, the others by name: the same order wherever the files are.
      .sort((a, b) =>
        a.key === contract.key ? -1 : b.key === contract.key ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
      )
      .map(({ key, name }) => [name, digestOf(key)]);
    const header = { contract: contract.name, source: contract.source, digest: contract.digest };
    return cache.key(TASK, { header, repairs: repairs.map((r) => r.id), documents });
  });
}

/** What the preparation reads of one document: itself, its resolved references, the names charter gave it. */
function material(graph: ResolvedGraph, key: string, names: TypeNames, nameOf: (key: string) => string): unknown {
  const { document, references } = graph.documents.get(key)!;
  return {
    name: document.name,
    kind: document.kind,
    dialect: document.dialect,
    vocabularies: document.vocabularies ?? null,
    metaSchema: document.metaSchema ?? null,
    ids: document.ids ?? null,
    value: document.value,
    references: references.map(({ site, target, dangling }) => [
      site.pointer,
      site.keyword,
      site.value,
      dangling ? 1 : 0,
      target ? [nameOf(target.documentKey), target.pointer, target.anchor ?? null] : null,
    ]),
    names: [...(names.byDocument.get(key) ?? [])],
    aliases: [...(names.aliases.get(key) ?? [])].sort(),
    failed: names.failed.has(key),
  };
}

export function readClosureEntry(cache: TaskStore, key: string): Promise<ClosureEntry | undefined> {
  return cache.read<ClosureEntry>(key);
}

export function writeClosureEntry(cache: TaskStore, key: string, entry: ClosureEntry): Promise<void> {
  return cache.write(key, entry);
}
