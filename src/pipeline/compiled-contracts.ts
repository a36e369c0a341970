import type { Diagnostic } from "../core/diagnostic.js";
import type { Bundle } from "../compiler/bundle/bundle-contract.js";
import { digestSchema } from "../compiler/bundle/digest.js";
import type { CheckedContracts } from "../compiler/check/check-contracts.js";
import type { ResolvedSources } from "../compiler/resolve/resolve-sources.js";
import type { ResolvedGraph } from "../schema/resolved-graph.js";
import type { SchemaDocument } from "../schema/schema-document.js";
import type { ValidationPolicy } from "../settings/validation.js";
import { examplesAtTheirSeverity } from "../targets/types/check-types.js";
import type { TypesContract } from "../targets/types/emit-types.js";
import type { ValidatorContract } from "../targets/validators/emit-validators.js";
import type { CompileOptions } from "./compile-options.js";

/** What the stages made that the targets read; per bundled contract, its source document and its digest. */
export interface CompiledContracts {
  options: CompileOptions;
  graph: ResolvedGraph;
  documents: readonly SchemaDocument[];
  checked: CheckedContracts;
  bundles: readonly Bundle[];
  sourceOf: ReadonlyMap<string, SchemaDocument>;
  /**
   * A bundle's digest, made when first asked for: the validators' worker starts before this
   * thread spends a second of a corpus's run on the digests (the tasks it gets hold none).
   */
  digestOf: (name: string) => string;
  policyOf: (contract: string) => ValidationPolicy;
}

export function compiledContracts(
  options: CompileOptions,
  { graph, documents }: ResolvedSources,
  checked: CheckedContracts,
  bundles: readonly Bundle[],
  policyOf: (contract: string) => ValidationPolicy,
): CompiledContracts {
  const sourceOf = new Map(documents.map((d) => [d.name, d]));
  // Each schema is let go once digested: the contracts' views of this outlive their bundles.
  const schemaOf = new Map(bundles.map((b) => [b.name, b.schema]));
  const digests = new Map<string, string>();
  const digestOf = (name: string) => {
    let digest = digests.get(name);
    if (digest === undefined) {
      digests.set(name, (digest = digestSchema(schemaOf.get(name)!)));
      schemaOf.delete(name);
    }
    return digest;
  };
  return { options, graph, documents, checked, bundles, sourceOf, digestOf, policyOf };
}

/** The types target's view of each bundled contract. */
export function typesContractsOf({ bundles, sourceOf, digestOf }: CompiledContracts): TypesContract[] {
  return bundles.map(({ name }) => ({
    key: sourceOf.get(name)!.key,
    name,
    source: sourceOf.get(name)!.relativePath!,
    // Read once the validators have started (compile.ts); the name alone is held, not the bundle.
    get digest() {
      return digestOf(name);
    },
  }));
}

/** The validators target's view of each bundled contract (none when validators are turned off). */
export function validatorContractsOf({
  options,
  bundles,
  sourceOf,
  digestOf,
  checked,
  policyOf,
}: CompiledContracts): ValidatorContract[] {
  return ((options.validators ?? true) ? bundles : []).map((b) => {
    const source = sourceOf.get(b.name)!;
    return {
      bundle: b,
      key: source.key,
      file: source.file,
      // Read once the validators have started (emit-validators.ts).
      get digest() {
        return digestOf(b.name);
      },
      rules: checked.rulesOf.get(b.name) ?? new Map(),
      policy: policyOf(b.name),
      source,
      instances: checked.instancesOf.get(b.name) ?? [],
    };
  });
}

/** The types target's findings, an example that does not fit its type at the severity its contract gives examples. */
export function typesFindingsOf({
  documents,
  policyOf,
}: CompiledContracts): (findings: readonly Diagnostic[]) => Diagnostic[] {
  const contractOfFile = new Map(documents.map((d) => [d.file, d.name]));
  return (findings) =>
    examplesAtTheirSeverity(findings, (file) =>
      file === undefined ? "error" : policyOf(contractOfFile.get(file) ?? "").examples,
    );
}
