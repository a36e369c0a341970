import { joinPointer } from "../../../core/json-pointer.js";
import type { JsonValue } from "../../../core/json-value.js";
import { REFERENCE_KEYWORDS } from "../../../schema/keywords.js";
import { isSchemaObject, type SchemaObject } from "../../../schema/walk-schema.js";
import type { Origins } from "./origins.js";
import {
  escaped,
  forEachChild,
  isSchema,
  referenceTo,
  resourceOpenedBy,
  type FormResource,
} from "./unevaluated-index.js";
import { appendAllOf, nextAllOf, originAt, recordAdded } from "./unevaluated-origins.js";

/** What the structure pass reads and records. */
export interface StructureContext {
  /** The subschemas in scope, each with its pointer in the bundle before any move (for `fragile`). */
  scope: ReadonlyMap<SchemaObject, string>;
  /** Places of the bundle a reference by pointer runs through (asked for at the first move only). */
  fragile: () => ReadonlySet<string>;
  /** Set once a subschema moved: pointers found before are stale from then on. */
  moved: boolean;
  origins: Origins;
  /** Subschemas this pass adds only to carry an `if`'s annotations (the items pass reads the `if` itself). */
  carriers: WeakSet<SchemaObject>;
}

/** Whether a subschema in scope has anything `restructure` may rewrite (most have none, and the walk is then left out). */
export function mayRestructure(node: SchemaObject): boolean {
  if (node["if"] !== undefined || isSchemaObject(node["dependentSchemas"]) || isSchemaObject(node["patternProperties"]))
    return true;
  return (
    (node["anyOf"] !== undefined || node["oneOf"] !== undefined) &&
    REFERENCE_KEYWORDS.some((keyword) => typeof node[keyword] === "string")
  );
}

/**
 * The rewrites that make ajv's tracking of evaluated properties and items
 * exact, applied to every subschema whose annotations an `unevaluated*`
 * keyword reads (`scope`). ajv tracks what a subschema evaluated at compile
 * time where it can and in a variable where it depends on the instance; it
 * goes wrong in three places, each rewritten away here:
 *
 * - `if` with `then` or `else`: ajv counts the `if`'s annotations whether it
 *   passed or not (merged before the branches), and loses those of the
 *   subschema's other keywords on the branch that evaluated nothing; with
 *   neither, it drops the `if`'s annotations altogether.
 * - a branch keyword (`anyOf`, `oneOf`, `dependentSchemas`) after a keyword
 *   whose annotations ajv knew at compile time (a `$ref`, `allOf`,
 *   `properties`): the known ones are folded into a variable the branch's code
 *   sets only when that branch passes, so they are lost when it fails.
 * - `patternProperties` after such a variable that no branch set: ajv writes
 *   into `undefined` and throws.
 *
 * Each keyword moves into an `allOf` entry of its own, where ajv starts from
 * nothing known, which it handles. Nothing moves that a reference by JSON
 * pointer names (`fragile`): such a rewrite is left out. Subschemas are
 * rewritten parents first, so that each is met at the place it ends in.
 */
export function restructure(root: JsonValue, context: StructureContext): void {
  const tokens: string[] = [];
  const here = () => (tokens.length === 0 ? "" : "/" + tokens.join("/"));
  const visit = (node: JsonValue, outer: FormResource | undefined) => {
    if (!isSchemaObject(node)) return;
    const opens = outer === undefined || (typeof node["$id"] === "string" && !node["$id"].startsWith("#"));
    const resource = opens ? resourceOpenedBy(node, here(), outer) : outer;
    if (context.scope.has(node)) {
      const pointer = here();
      rewriteIf(node, pointer, resource, context);
      moveReferences(node, pointer, context);
      moveDependentSchemas(node, pointer, context);
      movePatternProperties(node, pointer, context);
    }
    forEachChild(node, (child, keyword, token) => {
      tokens.push(escaped(keyword));
      if (token !== undefined) tokens.push(escaped(String(token)));
      visit(child, resource);
      tokens.length -= token === undefined ? 1 : 2;
    });
  };
  visit(root, undefined);
}

/** A `then`/`else` ajv skips: absent, `true` or `{}` (ajv skips more, but these never need its code). */
function isInert(schema: JsonValue | undefined): boolean {
  return schema === undefined || schema === true || (isSchemaObject(schema) && Object.keys(schema).length === 0);
}

/** What stands in the form for the subschema at `pointer`: a boolean as itself, else a `$ref` to it. */
function reference(node: SchemaObject | boolean, pointer: string, host: FormResource): JsonValue | undefined {
  if (typeof node === "boolean") return node;
  const ref = referenceTo(host, { node, pointer, resource: resourceOpenedBy(node, pointer, host) });
  return ref === undefined ? undefined : { $ref: ref };
}

/**
 * `if: I, then: T, else: E` becomes an `allOf` entry
 * `{if: {not: {not: I}}, then: {allOf: [I, T]}, else: E}` (I moved there, T
 * and E referenced where they are; ajv skips `then` and `else` without `if`):
 * the same verdicts, and I's annotations now reach the subschema only through
 * `then`, when I passed. Without an effective `then` or `else` ajv skips the
 * `if`, which stays, and an entry carries its annotations.
 */
function rewriteIf(node: SchemaObject, pointer: string, host: FormResource, context: StructureContext): void {
  const condition = node["if"];
  const then = node["then"];
  const otherwise = node["else"];
  if (
    !isSchema(condition) ||
    (then !== undefined && !isSchema(then)) ||
    (otherwise !== undefined && !isSchema(otherwise))
  )
    return;
  if (isInert(then) && isInert(otherwise)) carryIf(node, pointer, condition, host, context);
  else moveIf(node, pointer, condition, [then, otherwise], host, context);
}

/** `{anyOf: [I, true]}` beside an `if` ajv skips: I's annotations when it passes, and no verdict of its own. */
function carryIf(
  node: SchemaObject,
  pointer: string,
  condition: SchemaObject | boolean,
  host: FormResource,
  context: StructureContext,
): void {
  const entryPointer = nextAllOf(node, pointer);
  const ifPointer = joinPointer(pointer, "if");
  const applied = typeof condition === "boolean" ? undefined : reference(condition, ifPointer, host);
  if (entryPointer === undefined || applied === undefined) return;
  const entry = { anyOf: [applied, true] };
  appendAllOf(node, pointer, entry, context.origins);
  context.carriers.add(entry);
  recordAdded(context.origins, entryPointer, entry, originAt(context.origins, ifPointer));
}

function moveIf(
  node: SchemaObject,
  pointer: string,
  condition: SchemaObject | boolean,
  [then, otherwise]: (SchemaObject | boolean | undefined)[],
  host: FormResource,
  context: StructureContext,
): void {
  const entryPointer = nextAllOf(node, pointer);
  const original = context.scope.get(node);
  if (entryPointer === undefined || original === undefined || context.fragile().has(joinPointer(original, "if")))
    return;
  const applied = reference(condition, joinPointer(entryPointer, "if", "not", "not"), host);
  const thenApplied = isInert(then) ? true : reference(then!, joinPointer(pointer, "then"), host);
  const elseApplied = isInert(otherwise) ? true : reference(otherwise!, joinPointer(pointer, "else"), host);
  if (applied === undefined || thenApplied === undefined || elseApplied === undefined) return;
  const entry: SchemaObject = {
    if: { not: { not: condition } },
    then: thenApplied === true ? applied : { allOf: [applied, thenApplied] },
  };
  if (elseApplied !== true) entry["else"] = elseApplied;
  const origin = originAt(context.origins, joinPointer(pointer, "if"));
  delete node["if"];
  appendAllOf(node, pointer, entry, context.origins);
  context.moved = true;
  recordAdded(
    context.origins,
    entryPointer,
    entry,
    origin,
    new Map(isSchemaObject(condition) ? [[condition, origin]] : []),
  );
}

/** A subschema's reference keywords move into an `allOf` entry when a branch keyword follows them in ajv's order. */
function moveReferences(node: SchemaObject, pointer: string, context: StructureContext): void {
  if (node["anyOf"] === undefined && node["oneOf"] === undefined) return;
  const keywords = REFERENCE_KEYWORDS.filter((keyword) => typeof node[keyword] === "string");
  if (keywords.length === 0) return;
  const entryPointer = nextAllOf(node, pointer);
  if (entryPointer === undefined) return;
  const entry: SchemaObject = {};
  for (const keyword of keywords) {
    entry[keyword] = node[keyword]!;
    delete node[keyword];
  }
  appendAllOf(node, pointer, entry, context.origins);
  context.origins.set(entryPointer, originAt(context.origins, pointer));
}

/** Keywords ajv evaluates before `dependentSchemas` that can leave annotations it knows at compile time. */
const BEFORE_DEPENDENT_SCHEMAS = [
  "$ref",
  "$dynamicRef",
  "$recursiveRef",
  "allOf",
  "anyOf",
  "oneOf",
  "if",
  "properties",
  "additionalProperties",
  "patternProperties",
  "prefixItems",
  "items",
  "additionalItems",
  "contains",
];

function moveDependentSchemas(node: SchemaObject, pointer: string, context: StructureContext): void {
  if (
    !isSchemaObject(node["dependentSchemas"]) ||
    !BEFORE_DEPENDENT_SCHEMAS.some((keyword) => node[keyword] !== undefined)
  )
    return;
  moveKeyword(node, pointer, "dependentSchemas", context);
}

/** Keywords after which ajv's evaluated properties may be a variable no branch set. */
const BEFORE_PATTERN_PROPERTIES = ["$ref", "$dynamicRef", "$recursiveRef", "allOf", "anyOf", "oneOf", "if"];

/**
 * `patternProperties` moves into an `allOf` entry when something before it
 * may leave ajv's evaluated properties unset, unless a sibling it informs
 * (`additionalProperties`) or one that makes the variable (non-empty
 * `properties`) holds it in place.
 */
function movePatternProperties(node: SchemaObject, pointer: string, context: StructureContext): void {
  if (!isSchemaObject(node["patternProperties"]) || node["additionalProperties"] !== undefined) return;
  const properties = node["properties"];
  if (isSchemaObject(properties) && Object.keys(properties).length > 0) return;
  if (!BEFORE_PATTERN_PROPERTIES.some((keyword) => node[keyword] !== undefined)) return;
  moveKeyword(node, pointer, "patternProperties", context);
}

/** Moves a keyword (with its subschemas) into an `allOf` entry of its own, unless a reference by pointer names something below it. */
function moveKeyword(node: SchemaObject, pointer: string, keyword: string, context: StructureContext): void {
  const original = context.scope.get(node);
  if (original === undefined || context.fragile().has(joinPointer(original, keyword))) return;
  const entryPointer = nextAllOf(node, pointer);
  if (entryPointer === undefined) return;
  const entry: SchemaObject = { [keyword]: node[keyword]! };
  delete node[keyword];
  appendAllOf(node, pointer, entry, context.origins);
  context.moved = true;
  context.origins.set(entryPointer, originAt(context.origins, pointer));
}
