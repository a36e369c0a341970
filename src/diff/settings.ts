import { mostSpecific } from "../settings/most-specific.js";
import type { RuleId } from "./rules.js";

/** Whom a contract's changes can break: its senders (`input`), its receivers (`output`), or both. */
export type Direction = "input" | "output" | "both";

export interface IgnoredFinding {
  rule: RuleId;
  contract?: string;
  pointer?: string;
  reason: string;
}

/** The config's `diff:` section. */
export interface DiffSettings {
  direction: Direction;
  /** By contract name, or folder ending in "/"; the most specific key wins. */
  contracts: ReadonlyMap<string, Direction>;
  ignore: readonly IgnoredFinding[];
}

export const DEFAULT_DIFF: DiffSettings = { direction: "both", contracts: new Map(), ignore: [] };

/** The direction of one contract: its own entry, else its innermost folder's, else the default. */
export function directionOf(settings: DiffSettings, contract: string): Direction {
  return (
    mostSpecific(contract, settings.contracts).findLast((direction) => direction !== undefined) ?? settings.direction
  );
}
