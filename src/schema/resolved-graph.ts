import type { Diagnostic } from "../core/diagnostic.js";
import type { ParsedSource } from "../core/parsed-source.js";
import type { DocumentIndex, ReferenceSite } from "./document-index.js";
import type { SchemaDocument } from "./schema-document.js";

/** Reads and parses a file reached through a catalog mapping; injected so this stage never imports the loader. */
export type LoadFile = (
  absolutePath: string,
) => Promise<{ parsed?: ParsedSource; diagnostics: Diagnostic[]; missing?: true }>;

export interface ReferenceTarget {
  documentKey: string;
  /** Pointer of the target inside its document. */
  pointer: string;
  /** Set when the reference named a plain-name fragment. */
  anchor?: string;
}

export interface ResolvedReference {
  site: ReferenceSite;
  /** Undefined for references to a dialect's meta-schema, which every validator knows, and for those that name nothing. */
  target: ReferenceTarget | undefined;
  /**
   * Set when the reference names nothing: the error it is wherever evaluation
   * reaches it. Only the check stage knows where that is (reachable-references.ts).
   */
  dangling?: Diagnostic;
}

export interface IndexedDocument {
  document: SchemaDocument;
  index: DocumentIndex;
  references: ResolvedReference[];
  /** Keys of the documents this one references. */
  dependencies: Set<string>;
  diagnostics: Diagnostic[];
}

export interface ResolvedGraph {
  /** Sources first, in discovery order, then catalog files in the order they were reached. */
  documents: Map<string, IndexedDocument>;
  /** Findings that belong to no single document. */
  diagnostics: Diagnostic[];
}

export interface FailedSource {
  uri: string;
  file: string;
  key: string;
}

/**
 * The graph of the documents `keys` names, alone. For a set that references leave in neither
 * direction (whole components), what the graph's analyses find of its documents is what they
 * find of them in the whole graph: a cycle, and every contract that reaches a reference, lie in
 * the component of that reference.
 */
export function subgraph(graph: ResolvedGraph, keys: ReadonlySet<string>): ResolvedGraph {
  return { documents: new Map([...graph.documents].filter(([key]) => keys.has(key))), diagnostics: graph.diagnostics };
}

/** How messages name a document: its path in the source tree, or the URI it was reached by. Never a machine path. */
export function describeDocument(document: SchemaDocument): string {
  return document.relativePath ?? document.retrievalUri;
}
