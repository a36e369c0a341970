import type { Bundle } from "../../compiler/bundle/bundle-contract.js";
import { formatJson, schemaPath, typesPath, validatorPath, type OutputFiles } from "../shared/output-files.js";

export const MANIFEST_PATH = "manifest.json";
/** Bumped when the manifest's shape changes incompatibly. */
export const MANIFEST_VERSION = 1;

export interface ManifestContract {
  name: string;
  $id: string;
  dialect: string;
  /** Source file, relative to the source directory. */
  source: string;
  /** Each artifact's path, relative to the output directory, by target. */
  artifacts: Record<string, string>;
  /** `sha256:` + hex over the RFC 8785 form of the bundled schema. */
  digest: string;
  /** Other contracts whose documents this one embeds. */
  embeds: string[];
  /** Rules JSON Schema cannot state (`x-charter-rules`): id to sentence; the application registers their functions. */
  rules?: Record<string, string>;
  /** The contract's own version (`x-charter-version`), when it declares one. */
  version?: string;
}

export interface Manifest {
  manifestVersion: number;
  baseUri: string;
  /** The source directory, relative to the output directory. */
  sourceRoot: string;
  /** The version of the whole set (the config's `version`), for the contracts that declare none. */
  version?: string;
  contracts: ManifestContract[];
}

export function emitManifest(manifest: Manifest): OutputFiles {
  return new Map([[MANIFEST_PATH, formatJson(manifest)]]);
}

/** What the manifest says of a contract beyond its bundle: where it came from, and what the other targets made of it. */
export interface ContractFacts {
  /** Source file, relative to the source directory. */
  source: string;
  digest: string;
  /** Names of the contracts whose documents the bundle embeds. */
  embeds: string[];
  hasTypes: boolean;
  hasValidator: boolean;
  rules?: ReadonlyMap<string, string> | undefined;
  version?: string | undefined;
}

/** A contract's manifest entry; only the artifacts that were produced are listed. */
export function manifestContract(
  bundle: Pick<Bundle, "name" | "id" | "dialect">,
  facts: ContractFacts,
): ManifestContract {
  return {
    name: bundle.name,
    $id: bundle.id,
    dialect: bundle.dialect,
    source: facts.source,
    artifacts: {
      schema: schemaPath(bundle.name),
      ...(facts.hasTypes ? { types: typesPath(bundle.name) } : {}),
      ...(facts.hasValidator ? { validator: validatorPath(bundle.name) } : {}),
    },
    digest: facts.digest,
    embeds: facts.embeds,
    ...(facts.rules !== undefined ? { rules: Object.fromEntries(facts.rules) } : {}),
    ...(facts.version !== undefined ? { version: facts.version } : {}),
  };
}
