import type { JsonObject } from "../../core/json-object.js";
import type { JsonValue } from "../../core/json-value.js";

/**
 * What the site is drawn from, read by the CLI from the generated tree and the sources: nothing
 * here is compiled again, so the pages say what the committed artifacts say.
 */
export interface DocsContract {
  name: string;
  /** The source file as the project names it (`schema-src/agent/result.yaml`). */
  source: string;
  digest: string;
  dialect: string;
  /** The `$id` of the bundle: how other contracts' references name this one. */
  id: string;
  /** The bundled schema. */
  schema: JsonObject;
  /** The contract's types module, when the tree has one. */
  typesModule?: string;
  /** The other contracts bundled into this one (the manifest's `embeds`). */
  embeds: string[];
  /** The line of each node of the source, by JSON pointer (the key's line for a member). */
  sourceLines: ReadonlyMap<string, number>;
  /**
   * The counterexamples the source declares, each with the violation it must give and, once the
   * CLI has run the committed validator on it, the violations that validator reports.
   */
  counterexamples: Counterexample[];
  /** The declared rules (`x-charter-rules`), id to sentence, as the registry lists them. */
  rules: Readonly<Record<string, string>>;
  /** Whether the tree holds the contract's validator, which the page's payload box runs. */
  hasValidator: boolean;
  /** The contract's own version (`x-charter-version`), when it declares one; else the set's applies. */
  version?: string;
  /** How it changed since each earlier version the config names (`docs.history`), newest first. */
  history?: HistoryEntry[];
}

/** What `charter diff` says of a contract against one earlier version. */
export interface HistoryEntry {
  /** The git revision, as the config names it (`v1.2.0`). */
  ref: string;
  /** `new`: the contract was not there; `docs-only`: only descriptions and titles changed. */
  change: "new" | "unchanged" | "docs-only" | "compatible" | "breaking";
  /** Each finding: its rule, its sentence, and where it is in this version's bundle (`#/properties/x`), when it still is. */
  changes: { rule: string; message: string; pointer?: string }[];
}

export interface Counterexample {
  value: JsonValue;
  error?: JsonValue;
  reported?: { pointer: string; message: string; keyword: string }[];
}

export interface DocsInput {
  /** The version of the whole set (config `version`), when it has one. */
  version?: string;
  contracts: DocsContract[];
  /** The TypeScript name of each registry key (`agent/result`, `agent/result#/$defs/outcome`). */
  typeNames: ReadonlyMap<string, string>;
}
