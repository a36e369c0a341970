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
  const own = settings.contracts.get(contract);
  if (own !== undefined) return own;
  const parts = contract.split("/");
  for (let i = parts.length - 1; i > 0; i--) {
    const folder = settings.contracts.get(parts.slice(0, i).join("/") + "/");
    if (folder !== undefined) return folder;
  }
  return settings.direction;
}
