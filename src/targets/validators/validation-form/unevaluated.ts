import { joinPointer } from "../../../core/json-pointer.js";
import type { JsonValue } from "../../../core/json-value.js";
import type { Dialect } from "../../../schema/dialect.js";
import { REFERENCE_KEYWORDS } from "../../../schema/keywords.js";
import { isSchemaObject, type SchemaObject } from "../../../schema/walk-schema.js";
import type { Origins } from "./origins.js";
import { uncheckedItemsCheck } from "./unevaluated-check.js";
import { FormIndex, hasUnevaluated } from "./unevaluated-index.js";
import { itemScopes, type ItemsWalk } from "./unevaluated-items.js";
import { appendAllOf, nextAllOf, originAt, recordAdded } from "./unevaluated-origins.js";
import { mayRestructure, restructure, type StructureContext } from "./unevaluated-structure.js";

/**
 * Rewrites what ajv 8 gets wrong about `unevaluatedProperties` and
 * `unevaluatedItems` into forms it gets right. Mutates `schema` (a private
 * copy); records in `origins` every subschema it adds or moves.
 *
 * Two passes, over what the `unevaluated*` keywords read (the subschemas
 * applied in place from theirs, through references):
 *
 * 1. Structure (unevaluated-structure.ts): `if`/`then`/`else`, and keywords
 *    ajv's tracking of evaluated properties mishandles after others, move
 *    into `allOf` entries where ajv tracks them right.
 * 2. Items (unevaluated-items.ts, unevaluated-check.ts): ajv tracks evaluated
 *    items as a count, which a branch makes a variable its
 *    `unevaluatedItems` code misreads (unset, or "all" read as 1), and counts
 *    a passing `contains` as evaluating every item. Where anything but
 *    `allOf` and tuples evaluates items, the `unevaluatedItems` is spelled out
 *    as an `allOf` entry that needs no tracking, and `items: true` beside it
 *    (all items are evaluated once it passed) leaves ajv's own check nothing to do.
 *
 * Dialects before 2019-09 have no `unevaluated*`; a schema without them is
 * left as it is, after one walk.
 */
export function closeUnevaluated(schema: JsonValue, dialect: Dialect, origins: Origins): void {
  if ((dialect !== "2019-09" && dialect !== "2020-12") || !hasUnevaluated(schema)) return;
  const original = new FormIndex(schema);
  let fragile: Set<string> | undefined;
  const context: StructureContext = {
    scope: inPlaceScope(original),
    fragile: () => (fragile ??= original.fragilePlaces()),
    moved: false,
    origins,
    carriers: new WeakSet<SchemaObject>(),
  };
  if ([...context.scope.keys()].some(mayRestructure)) restructure(schema, context);
  const spelled = original.consumers.some((pointer) => {
    const node = original.place(pointer)?.node;
    return isSchemaObject(node) && node["unevaluatedItems"] !== undefined && node["unevaluatedItems"] !== true;
  });
  if (spelled) closeItems(context.moved ? new FormIndex(schema) : original, dialect, origins, context.carriers);
}

/**
 * The subschemas whose annotations some `unevaluated*` keyword reads (those
 * applied in place from its own, through references), each with its pointer.
 */
function inPlaceScope(index: FormIndex): Map<SchemaObject, string> {
  const scope = new Map<SchemaObject, string>();
  const pending = [...index.consumers];
  while (pending.length > 0) {
    const pointer = pending.pop()!;
    const node = index.place(pointer)?.node;
    if (!isSchemaObject(node) || scope.has(node)) continue;
    scope.set(node, pointer);
    for (const keyword of ["allOf", "anyOf", "oneOf"]) {
      const list = node[keyword];
      if (Array.isArray(list)) list.forEach((_, i) => pending.push(joinPointer(pointer, keyword, i)));
    }
    for (const keyword of ["if", "then", "else"])
      if (node[keyword] !== undefined) pending.push(joinPointer(pointer, keyword));
    const dependent = node["dependentSchemas"];
    if (isSchemaObject(dependent))
      for (const name of Object.keys(dependent)) pending.push(joinPointer(pointer, "dependentSchemas", name));
    for (const keyword of REFERENCE_KEYWORDS) {
      const value = node[keyword];
      const target = typeof value === "string" ? index.target(pointer, value) : undefined;
      if (target !== undefined) pending.push(target.pointer);
    }
  }
  return scope;
}

/** Spells out each `unevaluatedItems` ajv could misjudge (see closeUnevaluated). */
function closeItems(index: FormIndex, dialect: Dialect, origins: Origins, carriers: WeakSet<SchemaObject>): void {
  const walk: ItemsWalk = { index, dialect, carriers, budget: { left: 8 * index.size + 1000 } };
  // Where each `unevaluatedItems` stands in the bundle, asked before the checks add their entries.
  const consumers = index.consumers
    .map((pointer) => index.place(pointer)!)
    .map((place) => ({ place, origin: originAt(origins, joinPointer(place.pointer, "unevaluatedItems")) }));
  for (const { place, origin } of consumers) {
    const node = place.node;
    if (!isSchemaObject(node) || node["unevaluatedItems"] === undefined || node["unevaluatedItems"] === true) continue;
    const scopes = itemScopes(walk, place);
    if (scopes === undefined || !scopes.doubtful) continue;
    const silencer = silencingKeyword(node, dialect);
    if (scopes.root.all) {
      if (silencer !== undefined) silence(node, place.pointer, silencer, origin, origins);
      continue;
    }
    const unevaluated = joinPointer(place.pointer, "unevaluatedItems");
    const check = uncheckedItemsCheck(scopes.root, { index, dialect, host: place.resource, unevaluated });
    const entryPointer = nextAllOf(node, place.pointer);
    if (check === undefined || silencer === undefined || entryPointer === undefined) continue;
    appendAllOf(node, place.pointer, check, origins);
    recordAdded(origins, entryPointer, check, origin);
    silence(node, place.pointer, silencer, origin, origins);
  }
}

/** The keyword that, set to `true`, evaluates every item ajv's `unevaluatedItems` would look at, or undefined when one already does. */
function silencingKeyword(node: SchemaObject, dialect: Dialect): string | undefined {
  const items = node["items"];
  if (items === undefined) return "items";
  if (dialect === "2019-09" && Array.isArray(items) && node["additionalItems"] === undefined) return "additionalItems";
  return undefined;
}

function silence(node: SchemaObject, pointer: string, keyword: string, origin: string, origins: Origins): void {
  node[keyword] = true;
  origins.set(joinPointer(pointer, keyword), origin);
}
