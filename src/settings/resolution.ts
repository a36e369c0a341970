import type { Dialect } from "../schema/dialect.js";
import type { IdScope } from "../schema/schema-document.js";

/** How charter reads one document, where the document itself does not say. */
export interface DocumentResolution {
  /** The dialect of the document when it declares no `$schema`. */
  dialect?: Dialect;
  ids?: IdScope;
}

/** The config's `resolution:` section, for sources: by contract name, or by folder ending in "/". */
export interface ResolutionSettings {
  contracts: ReadonlyMap<string, DocumentResolution>;
}

/** A contract's settings, each key from the most specific entry that sets it (the contract itself, then its innermost folder). */
export function resolutionFor(settings: ResolutionSettings | undefined, contract: string): DocumentResolution {
  const matching = [...(settings?.contracts ?? [])]
    .filter(([key]) => (key.endsWith("/") ? contract.startsWith(key) : contract === key))
    // Folders from the outside in, then the contract itself.
    .sort(([a], [b]) => specificity(a) - specificity(b));
  return Object.assign({}, ...matching.map(([, entry]) => definedKeys(entry))) as DocumentResolution;
}

function specificity(key: string): number {
  return key.endsWith("/") ? key.length : Number.MAX_SAFE_INTEGER;
}

/** Without the keys set to `undefined`, which would hide an outer folder's value. */
function definedKeys(entry: DocumentResolution): DocumentResolution {
  return Object.fromEntries(Object.entries(entry).filter(([, value]) => value !== undefined));
}
