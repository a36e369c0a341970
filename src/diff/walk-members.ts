/**
 * The steps of the walk that pair what a schema holds by name or position:
 * properties, tuple items, what governs the rest of them, named subschemas,
 * and dependencies.
 */
import { ITEMS_KEYWORD } from "../schema/keywords.js";
import { joinPointer } from "../core/json-pointer.js";
import { DEPENDENCIES, KEYED_SUBSCHEMAS, PROPERTY_RESTS, SINGLE_SUBSCHEMAS, type RestKeyword } from "./keywords.js";
import { isObject, objectOf, stringSet, type SchemaObject } from "./schema-values.js";
import { below, moved, pointersOf, type Pair, type Walk } from "./walk-context.js";

const PROPERTIES = "properties";

/** What governs an object's members that `properties` does not name: `true`, `false`, or a schema, with its place. */
function restOf(s: SchemaObject): { schema: unknown; pointer: (at: string) => string } {
  for (const keyword of PROPERTY_RESTS) {
    const value = s[keyword];
    if (value === false) return { schema: false, pointer: (at) => joinPointer(at, keyword) };
    if (isObject(value) && Object.keys(value).length > 0)
      return { schema: value, pointer: (at) => joinPointer(at, keyword) };
  }
  return { schema: true, pointer: (at) => at };
}

/**
 * `required`, then properties by name, then the rest keywords. A property
 * only one side names is judged by the rules of `property-gone` or
 * `property-new`; when none of them reports and the other side governs the
 * name by a schema (`additionalProperties: {...}`), the property is compared
 * with that schema. A property that was `false` is compared, as a schema,
 * with what now governs its name.
 */
export function objects(walk: Walk, pair: Pair): void {
  const { base, head, at } = pair;
  walk.check("required", pair, pointersOf(at));
  const [bp, hp] = [at.base.pointer, at.head.pointer];
  const [bprops, hprops] = [objectOf(base[PROPERTIES]), objectOf(head[PROPERTIES])];
  const [bRest, hRest] = [restOf(base), restOf(head)];
  for (const [name, schema] of Object.entries(bprops)) {
    const bpp = joinPointer(bp, PROPERTIES, name);
    // Own properties only: a property named `toString` or `constructor` is a property, not Object.prototype.
    if (Object.hasOwn(hprops, name)) walk.compare(schema, hprops[name], below(at, PROPERTIES, name));
    else if (schema === false) {
      if (hRest.schema !== false) walk.compare(false, hRest.schema, moved(at, bpp, hRest.pointer(hp)));
    } else if (walk.check("property-gone", { name, schema, rest: hRest.schema }, { base: bpp, head: hp }) === 0)
      walk.compare(schema, hRest.schema, moved(at, bpp, hRest.pointer(hp)));
  }
  const required = stringSet(head["required"]);
  for (const [name, schema] of Object.entries(hprops)) {
    if (Object.hasOwn(bprops, name)) continue;
    const hpp = joinPointer(hp, PROPERTIES, name);
    const reported = walk.check(
      "property-new",
      { name, schema, rest: bRest.schema, required: required.has(name) },
      { base: bp, head: hpp },
    );
    if (reported === 0 && typeof bRest.schema !== "boolean")
      walk.compare(bRest.schema, schema, moved(at, bRest.pointer(bp), hpp));
  }
  for (const keyword of PROPERTY_RESTS) rest(walk, pair, keyword);
}

/** A rest keyword (`additionalProperties` and its kin): `false` on a side is for the rules; otherwise both are compared as schemas, absent being `true`. */
function rest(walk: Walk, pair: Pair, keyword: RestKeyword): void {
  const [b, h] = [pair.base[keyword], pair.head[keyword]];
  if (b === undefined && h === undefined) return;
  if (b === false || h === false) walk.check("rest", { keyword, base: b, head: h }, pointersOf(pair.at));
  else walk.compare(b ?? true, h ?? true, below(pair.at, keyword));
}

/** Tuples position by position, then what governs the items after them. */
export function arrays(walk: Walk, pair: Pair): void {
  tuple(walk, pair, "prefixItems", ITEMS_KEYWORD);
  if (Array.isArray(pair.base[ITEMS_KEYWORD]) || Array.isArray(pair.head[ITEMS_KEYWORD])) {
    tuple(walk, pair, ITEMS_KEYWORD, "additionalItems");
    rest(walk, pair, "additionalItems");
  } else rest(walk, pair, ITEMS_KEYWORD);
  rest(walk, pair, "unevaluatedItems");
}

/** A tuple position one side lacks is governed by what follows the tuple there (open when absent). */
function tuple(walk: Walk, pair: Pair, keyword: string, after: string): void {
  const { base, head, at } = pair;
  const [b, h] = [base[keyword], head[keyword]];
  if (!Array.isArray(b) && !Array.isArray(h)) return;
  const [bt, ht] = [Array.isArray(b) ? b : [], Array.isArray(h) ? h : []];
  for (let i = 0; i < Math.max(bt.length, ht.length); i++) {
    const bi = i < bt.length ? bt[i] : (base[after] ?? true);
    const hi = i < ht.length ? ht[i] : (head[after] ?? true);
    const bip = i < bt.length ? joinPointer(at.base.pointer, keyword, i) : joinPointer(at.base.pointer, after);
    const hip = i < ht.length ? joinPointer(at.head.pointer, keyword, i) : joinPointer(at.head.pointer, after);
    walk.compare(bi, hi, moved(at, bip, hip));
  }
}

/** `contains`, `propertyNames`, and maps of subschemas (`patternProperties`, `dependentSchemas`): a side that lacks one has `true` there. */
export function subschemas(walk: Walk, pair: Pair): void {
  const { base, head, at } = pair;
  for (const keyword of SINGLE_SUBSCHEMAS) {
    if (keyword in base || keyword in head)
      walk.compare(base[keyword] ?? true, head[keyword] ?? true, below(at, keyword));
  }
  for (const keyword of KEYED_SUBSCHEMAS) {
    const [bk, hk] = [objectOf(base[keyword]), objectOf(head[keyword])];
    for (const name of new Set([...Object.keys(bk), ...Object.keys(hk)]))
      walk.compare(bk[name] ?? true, hk[name] ?? true, below(at, keyword, name));
  }
}

/** What properties require of each other, for the rules; then the schema form of draft-07 `dependencies`, compared name by name. */
export function dependencies(walk: Walk, pair: Pair): void {
  const { base, head, at } = pair;
  walk.check("dependencies", pair, pointersOf(at));
  const [bd, hd] = [objectOf(base[DEPENDENCIES]), objectOf(head[DEPENDENCIES])];
  for (const name of new Set([...Object.keys(bd), ...Object.keys(hd)])) {
    const [b, h] = [Array.isArray(bd[name]) ? undefined : bd[name], Array.isArray(hd[name]) ? undefined : hd[name]];
    if (b !== undefined || h !== undefined) walk.compare(b ?? true, h ?? true, below(at, DEPENDENCIES, name));
  }
}
