import { joinPointer } from "../../../core/json-pointer.js";
import { REFERENCE_KEYWORDS } from "../../../schema/keywords.js";
import type { Dialect } from "../../../schema/dialect.js";
import { isSchemaObject, type SchemaObject } from "../../../schema/walk-schema.js";
import type { FormIndex, Place } from "./unevaluated-index.js";

/**
 * What evaluates items of an array beside an `unevaluatedItems`, grouped by
 * the condition under which it does. In JSON Schema an item is evaluated by a
 * subschema's `prefixItems` (the first n), `items` or a nested
 * `unevaluatedItems` (all), or, in 2020-12, `contains` (the items it
 * matches), and only when every subschema between the keyword and the
 * `unevaluatedItems` passed. Under `allOf` and references that holds whenever
 * the whole passes; a branch of `anyOf`/`oneOf`, an `if` with its `then`, or
 * an `else` adds a condition: a child scope.
 */
export interface ItemScope {
  /** The subschema that must pass (or, negated, fail) for this scope's annotations to count; none at the root. */
  condition: { pointer: string; negate: boolean } | undefined;
  parent: ItemScope | undefined;
  /** The longest `prefixItems` (`items` array in 2019-09) met unconditionally within the scope. */
  prefix: number;
  /** Whether something evaluates every item within the scope. */
  all: boolean;
  /** The `contains` subschemas (pointers) met within the scope. */
  contains: string[];
  children: ItemScope[];
}

export interface ItemsWalk {
  index: FormIndex;
  dialect: Dialect;
  /** Subschemas the structure pass added only to carry an `if`'s annotations, which the walk reads from the `if`. */
  carriers: WeakSet<SchemaObject>;
  /** Subschemas the walk may still visit, over all `unevaluatedItems` (keeps the work linear); below zero, the walk gives up. */
  budget: { left: number };
}

/**
 * The scopes of what evaluates items for the `unevaluatedItems` of the
 * subschema at `consumer`, and whether ajv could get it wrong (anything but
 * `allOf` and tuples on the way), or undefined when the walk gives up: a
 * reference it cannot follow, a subschema that applies itself in place, or
 * a dynamic reference, or the budget spent.
 */
export function itemScopes(walk: ItemsWalk, consumer: Place): { root: ItemScope; doubtful: boolean } | undefined {
  const state = { doubtful: false, failed: false, onPath: new Set<string>() };
  const root = scope(undefined, undefined);
  const visit = (place: Place, into: ItemScope): void => {
    if (state.failed) return;
    if (--walk.budget.left < 0 || state.onPath.has(place.pointer)) {
      state.failed = true;
      return;
    }
    const node = place.node;
    if (!isSchemaObject(node) || walk.carriers.has(node)) return;
    if (place !== consumer && node["unevaluatedItems"] !== undefined) {
      into.all = true;
      return;
    }
    state.onPath.add(place.pointer);
    ownItems(node, into, place.pointer, walk.dialect, state);
    const at = (...tokens: (string | number)[]) => walk.index.place(joinPointer(place.pointer, ...tokens));
    if (Array.isArray(node["allOf"])) node["allOf"].forEach((_, i) => visitPlace(at("allOf", i), into));
    for (const keyword of REFERENCE_KEYWORDS) {
      const value = node[keyword];
      if (typeof value !== "string") continue;
      state.doubtful = true;
      // A dynamic reference names what the dynamic scope binds, which only evaluation knows (the
      // validation form resolves them into `$ref`s before this pass; any left are left to ajv).
      const target = keyword === "$ref" ? walk.index.target(place.pointer, value) : undefined;
      if (target === undefined) state.failed = true;
      else visit(target, into);
    }
    for (const keyword of ["anyOf", "oneOf"]) {
      const branches = node[keyword];
      if (!Array.isArray(branches)) continue;
      state.doubtful = true;
      branches.forEach((_, i) => branch(at(keyword, i), [at(keyword, i)], into, false));
    }
    if (node["if"] !== undefined) {
      state.doubtful = true;
      branch(at("if"), [at("if"), at("then")], into, false);
      branch(at("if"), [at("else")], into, true);
    }
    if (node["dependentSchemas"] !== undefined) state.doubtful = true;
    state.onPath.delete(place.pointer);
  };
  const visitPlace = (place: Place | undefined, into: ItemScope) => {
    if (place !== undefined) visit(place, into);
  };
  const branch = (condition: Place | undefined, applied: (Place | undefined)[], into: ItemScope, negate: boolean) => {
    if (condition === undefined) return;
    const child = scope(into, { pointer: condition.pointer, negate });
    for (const place of applied) visitPlace(place, child);
    if (!negate) hoistPureContains(walk.index, child, condition);
    if (child.all || child.prefix > 0 || child.contains.length > 0 || child.children.length > 0)
      into.children.push(child);
  };
  visit(consumer, root);
  return state.failed ? undefined : { root, doubtful: state.doubtful };
}

function scope(parent: ItemScope | undefined, condition: ItemScope["condition"]): ItemScope {
  return { condition, parent, prefix: 0, all: false, contains: [], children: [] };
}

/** The items keywords of one subschema, by dialect. */
function ownItems(
  node: SchemaObject,
  into: ItemScope,
  pointer: string,
  dialect: Dialect,
  state: { doubtful: boolean },
): void {
  const items = node["items"];
  if (dialect === "2020-12") {
    if (items !== undefined) into.all = true;
    const prefix = node["prefixItems"];
    if (Array.isArray(prefix)) into.prefix = Math.max(into.prefix, prefix.length);
    if (node["contains"] !== undefined) {
      state.doubtful = true;
      into.contains.push(joinPointer(pointer, "contains"));
    }
    return;
  }
  if (Array.isArray(items)) {
    into.prefix = Math.max(into.prefix, items.length);
    if (node["additionalItems"] !== undefined) into.all = true;
  } else if (items !== undefined) {
    into.all = true;
  }
  // 2019-09: `contains` gives `unevaluatedItems` nothing, but ajv counts it as evaluating every item.
  if (node["contains"] !== undefined) state.doubtful = true;
}

/**
 * A `contains` whose scope's condition is that very `contains` passing (an
 * `anyOf` branch or `if` that is `{contains: C}` alone, with `minContains` at
 * most 1) counts in the enclosing scope: when the condition fails no item
 * matches C, so it evaluates nothing either way.
 */
function hoistPureContains(index: FormIndex, child: ItemScope, condition: Place): void {
  if (child.contains.length === 0 || child.parent === undefined) return;
  const core = conditionCore(index, condition);
  if (core === undefined || !isSchemaObject(core.node)) return;
  const keys = Object.keys(core.node).filter((key) => key !== "$comment" && key !== "title" && key !== "description");
  const minimum = core.node["minContains"];
  if (core.node["contains"] === undefined || keys.some((key) => key !== "contains" && key !== "minContains")) return;
  if (minimum !== undefined && !(typeof minimum === "number" && minimum <= 1)) return;
  const pointer = joinPointer(core.pointer, "contains");
  const at = child.contains.indexOf(pointer);
  if (at < 0) return;
  child.contains.splice(at, 1);
  child.parent.contains.push(pointer);
}

/** The subschema a condition amounts to, through references alone and `{not: {not: S}}`. */
function conditionCore(index: FormIndex, condition: Place): Place | undefined {
  let place: Place | undefined = condition;
  for (let step = 0; step < 64 && place !== undefined; step++) {
    const node = place.node;
    if (!isSchemaObject(node)) return place;
    const keys = Object.keys(node);
    if (keys.length === 1 && typeof node["$ref"] === "string") {
      place = index.target(place.pointer, node["$ref"]);
    } else if (
      keys.length === 1 &&
      isSchemaObject(node["not"]) &&
      Object.keys(node["not"]).length === 1 &&
      node["not"]["not"] !== undefined
    ) {
      place = index.place(joinPointer(place.pointer, "not", "not"));
    } else {
      return place;
    }
  }
  return undefined;
}
