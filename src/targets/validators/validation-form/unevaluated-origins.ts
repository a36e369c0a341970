import { joinPointer } from "../../../core/json-pointer.js";
import type { JsonValue } from "../../../core/json-value.js";
import { isSchemaObject, type SchemaObject } from "../../../schema/walk-schema.js";
import type { Origins } from "./origins.js";
import { schemaChildren } from "./unevaluated-index.js";

/**
 * The place in the published bundle a pointer of the form stands for, as the
 * rewrites so far leave it: what `originOf` answers, found by walking up the
 * pointer's own prefixes (a lookup each) rather than over every key, since
 * the rewrites ask once per subschema they touch while the map grows.
 */
export function originAt(origins: Origins, pointer: string): string {
  for (let at = pointer; ; at = at.slice(0, at.lastIndexOf("/"))) {
    const origin = origins.get(at);
    if (origin !== undefined) return origin + pointer.slice(at.length);
    if (at === "") return pointer;
  }
}

/**
 * Records a subschema the form adds at `pointer` as standing for `target`:
 * it, each of its keywords, and each subschema it adds
 * inside, so that a violation's path through any of them names `target`
 * rather than a place the bundle lacks. A subschema `moved` from the bundle is
 * recorded at its root only (what lies below it is where it was, relative to it).
 */
export function recordAdded(
  origins: Origins,
  pointer: string,
  node: JsonValue,
  target: string,
  moved: ReadonlyMap<SchemaObject, string> = new Map(),
): void {
  if (isSchemaObject(node) && moved.has(node)) {
    origins.set(pointer, moved.get(node)!);
    return;
  }
  origins.set(pointer, target);
  if (!isSchemaObject(node)) return;
  // Not `$ref`: a reference's violations carry the paths of the subschema it names, called as a function of
  // its own or inlined (inline-ref-keyword.ts gives an inlined target's errors the target's place).
  for (const keyword of Object.keys(node)) if (keyword !== "$ref") origins.set(joinPointer(pointer, keyword), target);
  for (const [child, here] of schemaChildren(node, pointer)) recordAdded(origins, here, child, target, moved);
}

/** The pointer the next entry of the subschema's `allOf` gets, or undefined when `allOf` is not a list. */
export function nextAllOf(node: SchemaObject, pointer: string): string | undefined {
  const allOf = node["allOf"];
  if (allOf !== undefined && !Array.isArray(allOf)) return undefined;
  return joinPointer(pointer, "allOf", Array.isArray(allOf) ? allOf.length : 0);
}

/**
 * Appends `entry` to the `allOf` of the subschema at `pointer` (which
 * `nextAllOf` found to be a list or absent); an `allOf` made here is recorded
 * as standing for the subschema itself.
 */
export function appendAllOf(node: SchemaObject, pointer: string, entry: JsonValue, origins: Origins): void {
  const allOf = node["allOf"];
  if (Array.isArray(allOf)) {
    allOf.push(entry);
    return;
  }
  node["allOf"] = [entry];
  origins.set(joinPointer(pointer, "allOf"), originAt(origins, pointer));
}
