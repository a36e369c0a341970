/** What a format ajv-formats does not know does: reported and left unchecked, or refused. */
export type UnknownFormats = "ignore" | "refuse";

/**
 * How much ajv's strict mode may say about a contract's schema. `lenient`
 * accepts what real-world schemas do (keywords without their type, tuples
 * without bounds, required names missing from `properties`); `strict` makes
 * each of those an error at generation. Unknown keywords are annotations
 * under both: they never break compilation.
 */
export type Strictness = "lenient" | "strict";

export interface ValidationPolicy {
  unknownFormats: UnknownFormats;
  strictness: Strictness;
}

export interface ValidationSettings {
  defaults: ValidationPolicy;
  /** By contract name, or by folder when the key ends in "/"; the most specific key wins. */
  contracts: ReadonlyMap<string, Partial<ValidationPolicy>>;
}

export const DEFAULT_VALIDATION: ValidationSettings = { defaults: { unknownFormats: "ignore", strictness: "lenient" }, contracts: new Map() };

export function policyFor(settings: ValidationSettings, contract: string): ValidationPolicy {
  const matching = [...settings.contracts]
    .filter(([key]) => (key.endsWith("/") ? contract.startsWith(key) : contract === key))
    // Folders from the outside in, then the contract itself.
    .sort(([a], [b]) => specificity(a) - specificity(b));
  return Object.assign({}, settings.defaults, ...matching.map(([, policy]) => policy)) as ValidationPolicy;
}

function specificity(key: string): number {
  return key.endsWith("/") ? key.length : Number.MAX_SAFE_INTEGER;
}
