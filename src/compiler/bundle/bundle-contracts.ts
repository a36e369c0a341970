import { errorAt, hasErrors, type Diagnostic } from "../../core/diagnostic.js";
import type { DanglingVerdict } from "../check/reachable-references.js";
import type { ResolvedGraph } from "../../schema/resolved-graph.js";
import type { SchemaDocument } from "../../schema/schema-document.js";
import { bundleContract, dependencyClosure, type Bundle } from "./bundle-contract.js";
import { BUNDLE_CODES } from "./codes.js";
import type { RefSiblings } from "../../settings/validation.js";

export interface BundledContracts {
  bundles: Bundle[];
  diagnostics: Diagnostic[];
}

/**
 * The bundle stage: a self-contained schema for each contract that the
 * earlier stages did not refuse, unless it depends on a document that has
 * errors or its root reaches a reference that names nothing; such contracts
 * are added to `failed`, with a finding that says why.
 */
export function bundleContracts(
  graph: ResolvedGraph,
  documents: readonly SchemaDocument[],
  checked: { failed: Set<string>; dangling: DanglingVerdict },
  settings: { canonicalIdOf: (name: string) => string; refSiblingsOf: (contract: string) => RefSiblings },
): BundledContracts {
  const { failed } = checked;
  const result: BundledContracts = { bundles: [], diagnostics: [] };
  const refuse = (document: SchemaDocument, message: string) => {
    failed.add(document.name);
    result.diagnostics.push(
      errorAt(BUNDLE_CODES.dependencyFailed, `contract "${document.name}" is not produced: ${message}`, {
        file: document.file,
        position: { line: 1, column: 1 },
      }),
    );
  };
  // A document is broken when resolving it failed, or when the check stage refused its contract.
  const refusedKeys = new Set(documents.filter((d) => failed.has(d.name)).map((d) => d.key));
  const broken = (key: string) => {
    const entry = graph.documents.get(key);
    return !entry || hasErrors(entry.diagnostics) || refusedKeys.has(key);
  };
  for (const document of documents) {
    if (failed.has(document.name)) continue;
    if (broken(document.key)) {
      failed.add(document.name);
      continue;
    }
    const badDependencies = dependencyClosure(graph, document.key).filter(broken);
    if (badDependencies.length > 0) {
      refuse(document, `it references ${badDependencies.map(describeKey).join(", ")}, which has errors`);
      continue;
    }
    const reached = checked.dangling.reachedFromRoot.get(document.key);
    if (reached) {
      failed.add(document.name);
      // One in its own document is its error there; one elsewhere is named here.
      for (const { documentKey, reference } of reached.filter((site) => site.documentKey !== document.key)) {
        const { site, dangling: finding } = reference;
        refuse(
          document,
          `evaluation from its root reaches ${site.keyword} "${site.value}" at ${describeKey(documentKey)}:${finding.line ?? 1}:${finding.column ?? 1}, which names nothing`,
        );
      }
      continue;
    }
    const bundled = bundleContract(graph, document.key, settings.canonicalIdOf, settings.refSiblingsOf(document.name));
    result.diagnostics.push(...bundled.diagnostics);
    if (bundled.bundle) result.bundles.push(bundled.bundle);
    else failed.add(document.name);
  }
  return result;
}

function describeKey(key: string): string {
  return key.replace(/^(source|catalog):/, "");
}
