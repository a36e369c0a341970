/**
 * Each contract's exported type names, as compile() gives them: the first
 * stages (load, resolve) run again over the same sources, then the naming of
 * src/targets/shared/type-names.ts over the contracts compile() bundled, in the
 * style and clash policy it was given. The root of `agent/result` is
 * `AgentResult`; a top-level definition's name is under its pointer.
 */
import type { CompileOptions } from "../../src/pipeline/compile.js";
import { checkContracts } from "../../src/compiler/check/check-contracts.js";
import type { DeclaredInstance } from "../../src/compiler/check/declared-counterexamples.js";
import { loadSources } from "../../src/compiler/load/load-sources.js";
import { loadSource } from "../../src/compiler/load/load-source.js";
import { loadInstanceFiles } from "../../src/compiler/load/instance-files.js";
import { resolveSources } from "../../src/compiler/resolve/resolve-sources.js";
import { moduleStem } from "../../src/targets/shared/output-files.js";
import { assignTypeNames } from "../../src/targets/shared/type-names.js";

type NamingOptions = Pick<CompileOptions, "sourceDir" | "catalog" | "resolution" | "typeNaming" | "typeNameClashes">;

export interface ContractFacts {
  /** Type name by pointer ("" for the root, `/$defs/K` for a definition), for each bundled contract. */
  typeNames: Map<string, Map<string, string>>;
  /** The examples and counterexamples each contract declares (only when asked for). */
  declared: Map<string, DeclaredInstance[]>;
}

export async function contractFacts(
  options: NamingOptions,
  produced: readonly string[],
  withDeclared = false,
): Promise<ContractFacts> {
  const loaded = await loadSources(options.sourceDir, moduleStem);
  const { documents, failedNames, graph } = await resolveSources(
    loaded,
    options.catalog,
    options.resolution,
    loadSource,
  );
  const wanted = new Set(produced);
  const keys = documents.filter((d) => wanted.has(d.name)).map((d) => d.key);
  const names = assignTypeNames(graph, keys, options.typeNaming ?? "short", options.typeNameClashes ?? "qualify");
  const typeNames = new Map<string, Map<string, string>>();
  for (const document of documents) {
    const byPointer = names.byDocument.get(document.key);
    if (wanted.has(document.name) && byPointer) typeNames.set(document.name, byPointer);
  }
  const declared = new Map<string, DeclaredInstance[]>();
  if (withDeclared) {
    // The check stage decides which `examples` entries are instances and reads the instance folders beside a source.
    const checked = await checkContracts(graph, documents, failedNames, {
      sourceDir: options.sourceDir,
      loadInstanceFiles,
      policyOf: () => ({ strict: false, linearPatterns: false, keywords: [] }),
    });
    for (const [name, instances] of checked.instancesOf) if (wanted.has(name)) declared.set(name, instances);
  }
  return { typeNames, declared };
}
