import path from "node:path";
import type { Bundle } from "../compiler/bundle/bundle-contract.js";
import type { CheckedContracts } from "../compiler/check/check-contracts.js";
import type { DeclaredRules } from "../compiler/check/declared-rules.js";
import type { ResolvedGraph } from "../schema/resolved-graph.js";
import type { SchemaDocument } from "../schema/schema-document.js";
import { emitManifest, manifestContract, MANIFEST_VERSION } from "../targets/manifest/emit-manifest.js";
import type { OutputFiles } from "../targets/shared/output-files.js";

/** What the manifest and the result read of a bundled contract, once its schema and documents are let go. */
export interface ContractFacts {
  bundle: Pick<Bundle, "name" | "id" | "dialect">;
  source: string;
  digest: string;
  embeds: string[];
  rules: DeclaredRules | undefined;
  version: string | undefined;
  instances: number;
}

export function contractFacts({
  graph,
  bundles,
  sourceOf,
  digestOf,
  checked,
}: {
  graph: ResolvedGraph;
  bundles: readonly Bundle[];
  sourceOf: ReadonlyMap<string, SchemaDocument>;
  digestOf: (name: string) => string;
  checked: Pick<CheckedContracts, "rulesOf" | "versionOf" | "instancesOf">;
}): ContractFacts[] {
  return bundles.map(({ name, id, dialect, embedded }) => ({
    bundle: { name, id, dialect },
    source: sourceOf.get(name)!.relativePath!,
    digest: digestOf(name),
    embeds: embedded.map((key) => graph.documents.get(key)!.document.name),
    rules: checked.rulesOf.get(name),
    version: checked.versionOf.get(name),
    instances: checked.instancesOf.get(name)?.length ?? 0,
  }));
}

/** The manifest target: every bundled contract, with the artifacts the other targets produced for it. */
export function manifestFiles(
  options: { outDir: string; sourceDir: string; baseUri: string; version?: string | undefined },
  contracts: readonly ContractFacts[],
  withTypes: ReadonlySet<string>,
  withValidator: ReadonlySet<string>,
): OutputFiles {
  const entries = contracts.map(({ bundle, source, digest, embeds, rules, version }) =>
    manifestContract(bundle, {
      source,
      digest,
      embeds,
      hasTypes: withTypes.has(bundle.name),
      hasValidator: withValidator.has(bundle.name),
      rules,
      version,
    }),
  );
  const sourceRoot = toPosix(path.relative(options.outDir, options.sourceDir)) || ".";
  return emitManifest({
    manifestVersion: MANIFEST_VERSION,
    baseUri: options.baseUri,
    sourceRoot,
    ...(options.version !== undefined ? { version: options.version } : {}),
    contracts: entries,
  });
}

function toPosix(p: string): string {
  return p.split(path.sep).join("/");
}
