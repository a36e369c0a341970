import type { SourceFile } from "ts-morph";
import type { JsonObject } from "../compiler/json-object.js";

/**
 * A repair fixes one gap of json-schema-to-typescript, in one place. Its id is
 * its file name. It works at one or more depths:
 * - `reference`: takes over references that charter's default rewriting
 *   leaves as written because the generator cannot follow their form (an
 *   anchor, a dynamic reference), so they reach it as JSON pointers or
 *   imported types like any other;
 * - `schema`: rewrites the schema given to the generator;
 * - `ast`: edits the generated TypeScript with ts-morph.
 * Each has in/out fixtures and a canary test showing that the gap is still
 * there upstream (test/repairs/): when upstream fixes it, the canary fails
 * and the repair is deleted.
 */
export interface Repair {
  id: string;
  /** The gap, the input that triggers it, what the generator emits, and what we emit instead. */
  description: string;
  reference?: (reference: { keyword: string; value: string; usesAnchor: boolean }) => boolean;
  /** Rewrites the generator's input for one contract in place; `applied` takes the pointer of each change. */
  schema?: (schema: JsonObject, applied: (pointer: string) => void) => void;
  /** Edits the generated module in place; `applied` takes a declaration path (`Type.member`). */
  ast?: (file: SourceFile, applied: (location: string) => void) => void;
  /**
   * Whether `ast` can change this generated text at all: a cheap textual
   * test, since walking a large module's syntax tree with ts-morph costs
   * seconds. Absent: always run.
   */
  astApplies?: (text: string) => boolean;
}

export function repairDepths(repair: Repair): string {
  return (["reference", "schema", "ast"] as const).filter((depth) => repair[depth] !== undefined).join(" + ");
}

/** Where a repair changed a contract. */
export interface RepairApplication {
  repair: string;
  contract: string;
  /** A JSON pointer into the generator's input, or a declaration path for AST edits. */
  location: string;
}
