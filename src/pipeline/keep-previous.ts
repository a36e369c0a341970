import { readFileSync } from "node:fs";
import path from "node:path";
import type { Diagnostic } from "../core/diagnostic.js";
import type { JsonValue } from "../core/json-value.js";
import type { LoadedSources } from "../compiler/load/load-sources.js";
import { INSTANCE_FOLDERS } from "../compiler/load/instance-files.js";
import { sourceKey, type ResolvedSources } from "../compiler/resolve/resolve-sources.js";
import type { RepairApplication } from "../repairs/support/repair.js";
import { DEFAULT_VALIDATION, assertsFormats, policyFor } from "../settings/validation.js";
import { schemaPath, typesPath, validatorPath, type OutputSink } from "../targets/shared/output-files.js";
import type { ContractClaims, TypeNames } from "../targets/shared/type-names.js";
import type { TypesContract } from "../targets/types/emit-types.js";
import type { RegistryLine } from "../targets/validators/registry-module.js";
import type { CompileOptions } from "./compile-options.js";
import type { ContractFacts } from "./contract-facts.js";
import type { PythonInput } from "./python-files.js";
import {
  affectedContracts,
  documentsOf,
  namesOf,
  otherFilesDigest,
  placedDiagnostics,
  PREVIOUS_RUN_VERSION,
  type ContractRecord,
  type FileRead,
  type PreviousRun,
} from "./previous-run.js";

/** An output that can take a file of the previous output as it is (generate's staging tree). */
export type KeepingSink = Required<Pick<OutputSink, "keep">>;

/**
 * What this run read of the documents, which the record keeps: their digests, resources and
 * findings, and the instance files beside them.
 */
export type CurrentDocuments = Pick<
  PreviousRun,
  "documents" | "otherFiles" | "front" | "resources" | "catalogFiles" | "customMetaSchemas"
>;

/** What a run takes from the previous one: the contracts it compiles again, and the record of each other. */
export interface KeptContracts {
  /** Contracts compiled in this run. */
  affected: Set<string>;
  /** Documents connected to a change: findings located in any other are the previous run's. */
  affectedDocuments: Set<string>;
  /** By name, in discovery order: each contract taken as it was. */
  kept: Map<string, ContractRecord>;
  previous: PreviousRun;
}

/**
 * What is read of the sources to decide, and to record: their digests and the instance files
 * beside them. `catalogReads` has what was read of each catalog file, by absolute path.
 */
export function currentDocuments(
  sourceDir: string,
  loaded: LoadedSources,
  resolved: ResolvedSources,
  catalogReads: ReadonlyMap<string, FileRead>,
): CurrentDocuments {
  const read = new Map<string, FileRead>(catalogReads);
  // A source that failed to load has no document: its findings are placed by its file all the same.
  const keyOfFile = new Map<string, string>();
  for (const source of loaded.sources) {
    const found = loaded.loaded.get(source.relativePath);
    if (found) read.set(source.absolutePath, found);
    keyOfFile.set(source.absolutePath, sourceKey(source.relativePath));
  }
  const entries = [...resolved.graph.documents];
  for (const [key, entry] of entries) keyOfFile.set(entry.document.file, key);
  return {
    documents: documentsOf(resolved.graph, read),
    otherFiles: otherFilesDigest(sourceDir, new Set(loaded.sources.map((s) => s.absolutePath))),
    front: placedDiagnostics(resolved.diagnostics, (file) => keyOfFile.get(file)),
    resources: entries.map(([key, entry]) => [key, entry.index.resources.map((r) => r.uri)]),
    catalogFiles: entries
      .filter(([, entry]) => entry.document.kind === "catalog")
      .map(([key, entry]) => [key, entry.document.file]),
    customMetaSchemas: resolved.documents.some((d) => d.metaSchema !== undefined),
  };
}

/** What a run that records nothing read. */
export const NOTHING_READ: CurrentDocuments = {
  documents: [],
  otherFiles: undefined,
  front: null,
  resources: [],
  catalogFiles: [],
  customMetaSchemas: false,
};

/** The contracts the previous run's record lets this run keep, or undefined when it must compile them all. */
export function planKeeping(
  previous: PreviousRun | undefined,
  now: CurrentDocuments,
  loaded: LoadedSources,
  resolved: ResolvedSources,
): KeptContracts | undefined {
  if (previous === undefined) return undefined;
  const sources = loaded.sources.map((s) => ({ name: s.name, key: sourceKey(s.relativePath) }));
  const found = affectedContracts(previous, { ...now, sources, resolved: resolved.documents });
  if (found === undefined || found.contracts.size === sources.length) return undefined;
  const recorded = new Map(previous.contracts);
  const kept = new Map(sources.filter((s) => !found.contracts.has(s.name)).map((s) => [s.name, recorded.get(s.name)!]));
  return { affected: found.contracts, affectedDocuments: found.documents, kept, previous };
}

/** The kept contracts that were bundled, as the types target names them. */
export function keptTypesContracts(keeping: KeptContracts | undefined): TypesContract[] {
  return [...(keeping?.kept.values() ?? [])].flatMap((r) => (r.typesContract ? [r.typesContract] : []));
}

/** The kept contracts' claims to type names, by document key. */
export function recordedClaims(keeping: KeptContracts | undefined): Map<string, ContractClaims> {
  return new Map([...(keeping?.kept.values() ?? [])].flatMap((r) => (r.claims ? [[r.key, r.claims] as const] : [])));
}

/** The kept contracts whose types modules the previous output has. */
export function keptTypesModules(keeping: KeptContracts | undefined): TypesContract[] {
  return [...(keeping?.kept.values() ?? [])].flatMap((r) => (r.typesContract && r.types ? [r.typesContract] : []));
}

/** Whether every kept contract is given the type names it had: names are settled across all contracts. */
export function keptNamesHold(keeping: KeptContracts, names: TypeNames): boolean {
  return [...keeping.kept.values()].every((r) => r.typesContract === undefined || namesOf(names, r.key) === r.names);
}

/** Each kept contract's files, as the previous output has them. */
export function keepFiles(keeping: KeptContracts, output: KeepingSink): void {
  for (const [name, record] of keeping.kept) {
    if (record.facts) output.keep(schemaPath(name));
    if (record.types) output.keep(typesPath(name));
    if (record.validator) {
      output.keep(validatorPath(name));
      output.keep(validatorPath(name).replace(/\.js$/, ".d.ts"));
    }
  }
}

/** The kept contracts' share of what the run reports and of the files every contract feeds. */
export function keptShare(keeping: KeptContracts | undefined): {
  facts: Map<string, ContractFacts>;
  failed: string[];
  applications: RepairApplication[];
  registry: RegistryLine[];
  diagnostics: Diagnostic[];
} {
  const records = [...(keeping?.kept ?? [])];
  return {
    facts: new Map(
      records.flatMap(([name, r]) =>
        r.facts ? [[name, { ...r.facts, rules: r.facts.rules ? new Map(r.facts.rules) : undefined }]] : [],
      ),
    ),
    failed: records.filter(([, r]) => r.failed).map(([name]) => name),
    applications: records.flatMap(([, r]) => r.applications),
    registry: records.flatMap(([, r]) => r.registry.map((line) => ({ ...line, rules: new Map(line.rules) }))),
    diagnostics: (keeping?.previous.diagnostics ?? [])
      .filter(([key]) => !keeping!.affectedDocuments.has(key))
      .map(([, d]) => d),
  };
}

/** What this run made of each contract it compiled, as the next run reads it. */
export interface CompiledShare {
  sourceDir: string;
  /** Every source, in discovery order, with its document key. */
  sources: readonly { name: string; key: string }[];
  failed: ReadonlySet<string>;
  facts: readonly ContractFacts[];
  typesContracts: readonly TypesContract[];
  names: TypeNames;
  types: ReadonlySet<string>;
  validators: ReadonlySet<string>;
  applications: readonly RepairApplication[];
  registry: readonly RegistryLine[];
  /** The findings of the stages after resolve, for the contracts compiled. */
  diagnostics: readonly Diagnostic[];
  keyOfFile: ReadonlyMap<string, string>;
}

/** The record of this run: the kept contracts' records as they were, the others' as made now. */
export function recordOfRun(
  keeping: KeptContracts | undefined,
  now: CurrentDocuments,
  made: CompiledShare,
): PreviousRun {
  const factsOf = new Map(made.facts.map((f) => [f.bundle.name, f]));
  const typesContractOf = new Map(made.typesContracts.map((c) => [c.name, c]));
  const contracts = made.sources.map(({ name, key }): [string, ContractRecord] => {
    const kept = keeping?.kept.get(name);
    if (kept) return [name, kept];
    const facts = factsOf.get(name);
    const typesContract = typesContractOf.get(name);
    return [
      name,
      {
        key,
        failed: made.failed.has(name),
        ...(facts ? { facts: { ...facts, rules: facts.rules ? [...facts.rules] : undefined } } : {}),
        ...(typesContract ? { typesContract, names: namesOf(made.names, key) } : {}),
        ...(made.names.claims.has(key) ? { claims: made.names.claims.get(key)! } : {}),
        types: made.types.has(name),
        validator: made.validators.has(name),
        applications: made.applications.filter((a) => a.contract === name),
        registry: made.registry.filter((l) => l.contract === name).map((l) => ({ ...l, rules: [...l.rules] })),
      },
    ];
  });
  const placed = placedDiagnostics(made.diagnostics, withInstanceFolders(made));
  const keptPlaced = keeping?.previous.diagnostics?.filter(([key]) => !keeping.affectedDocuments.has(key)) ?? [];
  return {
    ...now,
    version: PREVIOUS_RUN_VERSION,
    contracts,
    diagnostics: placed === null ? null : [...keptPlaced, ...placed],
  };
}

/** Findings in a contract's example and counterexample files are its own: the files map to its document. */
function withInstanceFolders(made: CompiledShare): (file: string) => string | undefined {
  const folders = new Map(
    made.sources.flatMap(({ name, key }) =>
      Object.values(INSTANCE_FOLDERS).map((suffix): [string, string] => [
        path.join(made.sourceDir, name + suffix),
        key,
      ]),
    ),
  );
  return (file) => made.keyOfFile.get(file) ?? folders.get(path.dirname(file));
}

/**
 * The kept contracts that were bundled, as the Python package reads them: each bundle from the
 * schema file the previous output holds (the run's record vouched for its bytes), the rest from
 * the record. Undefined when a file cannot be read: the run then makes every contract.
 */
export function keptPythonInputs(
  options: Pick<CompileOptions, "outDir" | "sourceDir" | "validation">,
  keeping: KeptContracts,
): PythonInput[] | undefined {
  const inputs: PythonInput[] = [];
  for (const [name, record] of keeping.kept) {
    if (record.facts === undefined) continue;
    const { bundle, source, digest, rules } = record.facts;
    let schema: JsonValue;
    try {
      schema = JSON.parse(readFileSync(path.join(options.outDir, ...schemaPath(name).split("/")), "utf8")) as JsonValue;
    } catch {
      return undefined;
    }
    inputs.push({
      bundle: { ...bundle, key: record.key, schema },
      source,
      file: path.join(options.sourceDir, ...source.split("/")),
      digest,
      formats: assertsFormats(policyFor(options.validation ?? DEFAULT_VALIDATION, name).formats, bundle.dialect),
      rules: new Map(rules ?? []),
    });
  }
  return inputs;
}
