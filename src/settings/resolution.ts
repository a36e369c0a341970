import type { Dialect } from "../schema/dialect.js";
import type { IdScope } from "../schema/schema-document.js";
import { mostSpecific, overlay } from "./most-specific.js";

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
  return overlay({}, mostSpecific(contract, settings?.contracts ?? new Map<string, DocumentResolution>()));
}
