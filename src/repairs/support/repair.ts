import type { ts } from "./typescript-api.js";
import type { TextEdit } from "./text-edits.js";
import { isJsonObject, type JsonObject } from "../../core/json-object.js";
import { getAtPointer } from "../../core/json-pointer.js";
import type { JsonValue } from "../../core/json-value.js";

/**
 * A repair fixes one gap of json-schema-to-typescript, in one place. Its id is
 * its file name. It works at one or more depths:
 * - `source`: keeps keywords of the sources from the generator's input, so
 *   that only charter writes the generator's own keywords (`tsType`) there;
 * - `reference`: takes over references that charter's default rewriting
 *   leaves as written because the generator cannot follow their form (an
 *   anchor, a dynamic reference), so they reach it as JSON pointers or
 *   imported types like any other;
 * - `schema`: rewrites the schema given to the generator;
 * - `ast`: edits the generated TypeScript, reading its syntax tree.
 * Each has in/out fixtures and a canary test showing that the gap is still
 * there upstream (test/repairs/): when upstream fixes it, the canary fails
 * and the repair is deleted.
 */
export interface Repair {
  id: string;
  /**
   * The repairs that must run before this one, by id: those that write what it reads, or read what it
   * would change. The registry's order honours them (test/repairs/order.test.ts checks it). `every other
   * repair`: it must see the input as all the others left it, so it runs last.
   */
  after: readonly string[] | typeof EVERY_OTHER_REPAIR;
  /** The gap, the input that triggers it, what the generator emits, and what we emit instead. */
  description: string;
  /**
   * Keywords dropped from every schema object of the sources as they are copied into the
   * generator's input, before charter writes its own keywords there.
   */
  source?: readonly string[];
  reference?: (reference: { keyword: string; value: string; usesAnchor: boolean }) => boolean;
  /** Rewrites the generator's input for one contract in place; `applied` takes the pointer of each change. */
  schema?: (schema: JsonObject, applied: (pointer: string) => void, context: SchemaContext) => void;
  /**
   * Edits the generated module: reads the one syntax tree parsed of it and gives `edit` each
   * change to its text; `applied` takes a declaration path (`Type.member`). The edits of every
   * repair are made together, after all have read the same tree: a module is parsed once
   * (ts-morph's own edits parsed it again after each, several seconds of the corpus's run).
   */
  ast?: (source: ts.SourceFile, edit: (change: TextEdit) => void, applied: (location: string) => void) => void;
  /**
   * Whether `ast` can change this generated text at all: a cheap textual
   * test, since walking a large module's syntax tree with ts-morph costs
   * seconds. Absent: always run.
   */
  astApplies?: (text: string) => boolean;
}

/** The `after` of a repair that runs last. */
export const EVERY_OTHER_REPAIR = "every other repair";

/** What a `schema` repair may ask about the input besides its content. */
export interface SchemaContext {
  /** The subschema a `$ref` of the input stands for (references hold tokens until the repairs have run). */
  resolve(reference: string): JsonValue | undefined;
}

export function repairDepths(repair: Repair): string {
  return (["source", "reference", "schema", "ast"] as const).filter((depth) => repair[depth] !== undefined).join(" + ");
}

/** Where a repair changed a contract. */
export interface RepairApplication {
  repair: string;
  contract: string;
  /** A JSON pointer into the generator's input, or a declaration path for AST edits. */
  location: string;
}

/**
 * The `source` depth for one document: which keys of its schema objects to keep
 * as it is copied, and where the repairs dropped one (a pointer into the document).
 */
export function sourceDrops(
  repairs: readonly Repair[],
  document: JsonValue,
  schemaPointers: ReadonlySet<string>,
): { keep: (keys: string[]) => string[]; applied: { repair: string; pointer: string }[] } {
  const dropping = new Map(repairs.flatMap((r) => (r.source ?? []).map((keyword) => [keyword, r.id] as const)));
  const applied: { repair: string; pointer: string }[] = [];
  for (const pointer of dropping.size > 0 ? schemaPointers : []) {
    const schema = getAtPointer(document, pointer) as JsonValue | undefined;
    if (!isJsonObject(schema)) continue;
    for (const repair of new Set(Object.keys(schema).flatMap((k) => dropping.get(k) ?? [])))
      applied.push({ repair, pointer });
  }
  return { keep: (keys) => keys.filter((k) => !dropping.has(k)), applied };
}
