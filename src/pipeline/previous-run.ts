import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Diagnostic } from "../core/diagnostic.js";
import type { PlainTexts } from "../compiler/load/load-source.js";
import type { RepairApplication } from "../repairs/support/repair.js";
import type { ResolvedGraph } from "../schema/resolved-graph.js";
import type { SchemaDocument } from "../schema/schema-document.js";
import type { ContractClaims, TypeNames } from "../targets/shared/type-names.js";
import type { TypesContract } from "../targets/types/emit-types.js";
import type { RegistryLine } from "../targets/validators/registry-module.js";
import type { ContractFacts } from "./contract-facts.js";

/** Changes when what a record holds, or what it means, changes: an older record is then not read. */
export const PREVIOUS_RUN_VERSION = 4;

/** A map's entries, which JSON keeps. */
type Entries = [string, string][];

/**
 * What one contract's part of a run made, kept so that a later run can take
 * it as it is: its manifest facts, the type names it was given, whether its
 * types and validator were written, and what the registry and the repairs
 * report say of it. Its files are the previous output's.
 */
export interface ContractRecord {
  key: string;
  failed: boolean;
  /** Present when it was bundled. */
  facts?: Omit<ContractFacts, "rules"> & { rules?: Entries | undefined };
  typesContract?: TypesContract;
  names?: string;
  /** Its claims to type names, which a run that does not read its document settles again with the others'. */
  claims?: ContractClaims;
  types: boolean;
  validator: boolean;
  applications: RepairApplication[];
  registry: (Omit<RegistryLine, "rules"> & { rules: Entries })[];
}

/**
 * What a run made of each contract and read of each document, for the next run
 * of the same settings (decision 004, "One edit, the contracts it can change"):
 * each document's digest and the documents it references, each contract's
 * record, and the findings of the stages after resolve by the document they
 * are located in. `diagnostics` is null when some finding could not be placed
 * in a document: the next run then compiles everything.
 */
export interface PreviousRun {
  version: number;
  /**
   * `plain`: a JSON file `JSON.parse` reads as the load stage does (`LoadedSource.plain`), with
   * the load stage's findings of it when it had any.
   */
  documents: [key: string, sha256: string, dependencies: string[], plain?: true | Diagnostic[]][];
  /** A digest of the files under the sources that are not sources (instance folders). */
  otherFiles: string | undefined;
  contracts: [name: string, record: ContractRecord][];
  diagnostics: [key: string, diagnostic: Diagnostic][] | null;
  /** The load and resolve stages' findings, by the document they are in; null when one is in none. */
  front: [key: string, diagnostic: Diagnostic][] | null;
  /** The URIs of each document's schema resources (its root's, and each `$id`'s): what references name it by. */
  resources: [key: string, uris: string[]][];
  /** The file each catalog document was read from. */
  catalogFiles: [key: string, file: string][];
  /** Whether a source was of a meta-schema the sources or the catalog define: such a dialect depends on other documents. */
  customMetaSchemas: boolean;
}

/** What the load stage found of a file it read: the digest of its bytes, and whether it was plain JSON (with its findings). */
export interface FileRead {
  sha256?: string | undefined;
  plain?: readonly Diagnostic[] | undefined;
}

/**
 * The digest of each document's file, and the documents it references: what the next run
 * compares. `read` has what the load stage found of each file it read (by absolute path), so
 * that a file is not read again for its digest.
 */
export function documentsOf(graph: ResolvedGraph, read: ReadonlyMap<string, FileRead>): PreviousRun["documents"] {
  return [...graph.documents].map(([key, entry]) => {
    const found = read.get(entry.document.file);
    const sha256 = found?.sha256 ?? fileDigest(entry.document.file);
    const dependencies = [...entry.dependencies];
    const plain = found?.plain;
    if (plain === undefined) return [key, sha256, dependencies];
    return [key, sha256, dependencies, plain.length === 0 ? true : [...plain]];
  });
}

/** The JSON texts the previous run read plain, by digest, with their findings: this run reads them with `JSON.parse` alone. */
export function plainTexts(previous: PreviousRun | undefined): PlainTexts | undefined {
  return (
    previous &&
    new Map(
      previous.documents.flatMap(([, sha256, , plain]) =>
        plain === undefined ? [] : [[sha256, plain === true ? [] : plain] as const],
      ),
    )
  );
}

/**
 * A digest of the files under `sourceDir` that are not among `sources`
 * (absolute paths): examples and counterexamples, which a contract reads
 * beside its source. Undefined when the tree cannot be read whole.
 */
export function otherFilesDigest(sourceDir: string, sources: ReadonlySet<string>): string | undefined {
  const hash = createHash("sha256");
  try {
    const entries = readdirSync(sourceDir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name))
      .filter((file) => !sources.has(file))
      .sort();
    for (const file of entries)
      hash
        .update(`${path.relative(sourceDir, file)}\0`)
        .update(readFileSync(file))
        .update("\0");
    return hash.digest("hex");
  } catch {
    return undefined;
  }
}

/**
 * The contracts a run must compile again, given the previous run's record:
 * every contract whose documents are connected, by a reference made now or
 * then, to a document whose bytes changed, appeared or went away. A contract
 * connected to no changed document reads the same bytes through the same
 * references, has its definitions referenced the same way, and meets the same
 * findings: its part of the output is the previous run's. Undefined (compile
 * everything) when the record cannot tell: another set of sources, changed
 * instance files, a custom meta-schema, a finding it could not place.
 */
export function affectedContracts(
  previous: PreviousRun,
  now: {
    documents: PreviousRun["documents"];
    otherFiles: string | undefined;
    /** Every source's contract name and document key, as discovered. */
    sources: readonly { name: string; key: string }[];
    resolved: readonly SchemaDocument[];
  },
): { contracts: Set<string>; documents: Set<string> } | undefined {
  if (previous.version !== PREVIOUS_RUN_VERSION || previous.diagnostics === null) return undefined;
  if (now.otherFiles === undefined || now.otherFiles !== previous.otherFiles) return undefined;
  if (now.resolved.some((d) => d.metaSchema !== undefined)) return undefined;
  const recorded = new Map(previous.contracts);
  if (recorded.size !== now.sources.length || now.sources.some((s) => recorded.get(s.name)?.key !== s.key))
    return undefined;
  const before = new Map(previous.documents.map(([key, sha256]) => [key, sha256]));
  const after = new Map(now.documents.map(([key, sha256]) => [key, sha256]));
  const changed = [
    ...[...after].filter(([key, sha256]) => sha256 === "" || before.get(key) !== sha256).map(([key]) => key),
    ...[...before.keys()].filter((key) => !after.has(key)),
  ];
  const reached = connected(changed, [...previous.documents, ...now.documents]);
  return { contracts: new Set(now.sources.filter((s) => reached.has(s.key)).map((s) => s.name)), documents: reached };
}

/** Every document connected to one of `start` by references either way, `start` included. */
export function connected(start: readonly string[], documents: PreviousRun["documents"]): Set<string> {
  const neighbours = new Map<string, Set<string>>();
  const edge = (a: string, b: string) => {
    if (!neighbours.has(a)) neighbours.set(a, new Set());
    neighbours.get(a)!.add(b);
  };
  for (const [key, , dependencies] of documents)
    for (const other of dependencies) {
      edge(key, other);
      edge(other, key);
    }
  const reached = new Set(start);
  const pending = [...start];
  for (let key = pending.pop(); key !== undefined; key = pending.pop())
    for (const other of neighbours.get(key) ?? [])
      if (!reached.has(other)) {
        reached.add(other);
        pending.push(other);
      }
  return reached;
}

/** A contract's type names, as one text to compare: a kept contract must be given the names it had. */
export function namesOf(names: TypeNames, key: string): string {
  return JSON.stringify({
    byPointer: [...(names.byDocument.get(key) ?? [])],
    aliases: [...(names.aliases.get(key) ?? [])].sort(),
    failed: names.failed.has(key),
  });
}

/**
 * The findings of the stages after resolve, each with the document it is
 * located in (or, for an example or counterexample file, its contract's);
 * null when one is located in neither.
 */
export function placedDiagnostics(
  diagnostics: readonly Diagnostic[],
  keyOfFile: (file: string) => string | undefined,
): PreviousRun["diagnostics"] {
  const placed: [string, Diagnostic][] = [];
  for (const diagnostic of diagnostics) {
    const key = diagnostic.file === undefined ? undefined : keyOfFile(diagnostic.file);
    if (key === undefined) return null;
    placed.push([key, diagnostic]);
  }
  return placed;
}

export function fileDigest(file: string): string {
  try {
    return createHash("sha256").update(readFileSync(file)).digest("hex");
  } catch {
    return "";
  }
}
