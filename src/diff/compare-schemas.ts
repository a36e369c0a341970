import { sideOf } from "../schema/bundle-side.js";
import { normalize } from "./bundle-side.js";
import type { Finding } from "./rules.js";
import { SchemaWalk } from "./walk.js";

/**
 * The changes between two bundles of one contract (each self-contained, as
 * `generate` writes them), by walking both in step (src/diff/walk.ts) and
 * asking the rules of src/diff/rules/ at each place. A document embedded from
 * another contract is compared where a reference leads into it, so only what
 * this contract uses counts.
 */
export function compareSchemas(contract: string, base: unknown, head: unknown): Finding[] {
  const walk = new SchemaWalk(contract, sideOf(normalize(base)), sideOf(normalize(head)));
  walk.compare(walk.base.root, walk.head.root, { base: { pointer: "", doc: "" }, head: { pointer: "", doc: "" } });
  return walk.findings;
}
