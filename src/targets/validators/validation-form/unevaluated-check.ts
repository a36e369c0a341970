import type { JsonValue } from "../../../core/json-value.js";
import type { Dialect } from "../../../schema/dialect.js";
import { referenceTo, type FormIndex, type FormResource } from "./unevaluated-index.js";
import type { ItemScope } from "./unevaluated-items.js";

/** How many sets of conditional `contains` scopes a check may spell out before charter leaves it to ajv. */
export const MAX_CONTAINS_CASES = 16;

export interface CheckInput {
  index: FormIndex;
  dialect: Dialect;
  /** The resource the check is written in (the `unevaluatedItems`' own). */
  host: FormResource;
  /** The `unevaluatedItems` subschema's pointer. */
  unevaluated: string;
}

/**
 * `unevaluatedItems: U` as a schema without it, for the scopes `root`
 * describes (undefined when it cannot be written). The items past the
 * longest evaluated prefix E must each match U or a `contains` that counts:
 *
 * - Prefixes: "every item from E on" is weakest for the largest E, so it is
 *   the disjunction over the prefixes that count of "every item from that
 *   prefix on": `anyOf: [tail(root prefix), allOf: [condition, tail(prefix)], ...]`,
 *   nested as the scopes are. A scope that evaluates all is its condition alone.
 * - `contains`: which count depends on conditions, and "every item matches
 *   U or one of them" is weakest with all that count, so it is the
 *   disjunction over sets of contains scopes (closed under enclosing ones) of
 *   "their conditions hold and the prefix check passes with U or their
 *   `contains`". Only up to MAX_CONTAINS_CASES sets.
 */
export function uncheckedItemsCheck(root: ItemScope, input: CheckInput): JsonValue | undefined {
  const cases = containsCases(root);
  if (cases === undefined) return undefined;
  const writer = new Writer(input);
  const disjuncts: JsonValue[] = [];
  for (const set of cases) {
    const conditions: JsonValue[] = [];
    for (const held of conditionsOf(set)) {
      const condition = writer.condition(held);
      if (condition === undefined) return undefined;
      conditions.push(condition);
    }
    const matches = writer.matches([...root.contains, ...set.flatMap((s) => s.contains)]);
    const body = writer.prefixes(root, matches);
    if (body === undefined) return undefined;
    disjuncts.push(all([...conditions, body]));
  }
  return any(disjuncts);
}

function any(schemas: JsonValue[]): JsonValue {
  if (schemas.includes(true)) return true;
  if (schemas.length === 0) return false;
  return schemas.length === 1 ? schemas[0]! : { anyOf: schemas };
}

function all(schemas: JsonValue[]): JsonValue {
  const needed = schemas.filter((schema) => schema !== true);
  if (needed.includes(false)) return false;
  if (needed.length === 0) return true;
  return needed.length === 1 ? needed[0]! : { allOf: needed };
}

/** The scopes with `contains` below the root, as sets closed under enclosing ones (the root's always count), or undefined past the limit. */
function containsCases(root: ItemScope): ItemScope[][] | undefined {
  // Sets of scopes of the subtree of `scope` that each hold a contains scope and are closed upwards, `scope`'s own included when it bears contains.
  const within = (scope: ItemScope): ItemScope[][] | undefined => {
    let sets: ItemScope[][] = [[]];
    for (const child of scope.children) {
      const options = within(child);
      if (options === undefined) return undefined;
      const next: ItemScope[][] = [];
      for (const set of sets) for (const option of options) next.push([...set, ...option]);
      if (next.length > MAX_CONTAINS_CASES) return undefined;
      sets = next;
    }
    if (scope === root || scope.contains.length === 0) return sets;
    // A contains scope counts only with its enclosing ones: either it is out (and so is all it encloses), or in with any set below.
    return [[], ...sets.map((set) => [scope, ...set])];
  };
  const cases = within(root);
  return cases !== undefined && cases.length <= MAX_CONTAINS_CASES ? cases : undefined;
}

/** The scopes whose conditions a set of contains scopes needs: each one's and those of the scopes enclosing it, once each, outermost first. */
function conditionsOf(set: ItemScope[]): ItemScope[] {
  const needed: ItemScope[] = [];
  const seen = new Set<ItemScope>();
  for (const scope of set) {
    const chain: ItemScope[] = [];
    for (let at: ItemScope | undefined = scope; at?.condition !== undefined; at = at.parent) chain.unshift(at);
    for (const at of chain) {
      if (seen.has(at)) continue;
      seen.add(at);
      needed.push(at);
    }
  }
  return needed;
}

class Writer {
  constructor(private readonly input: CheckInput) {}

  /** The subschema at `pointer` as the check applies it: a boolean as itself, else a `$ref`. */
  private apply(pointer: string): JsonValue | undefined {
    const place = this.input.index.place(pointer);
    if (place === undefined) return undefined;
    if (typeof place.node === "boolean") return place.node;
    const ref = referenceTo(this.input.host, place);
    return ref === undefined ? undefined : { $ref: ref };
  }

  /** A scope's condition: its subschema passes (or fails); `true`/`false` when that is known. */
  condition(scope: ItemScope): JsonValue | undefined {
    const { pointer, negate } = scope.condition!;
    const applied = this.apply(pointer);
    if (applied === undefined || typeof applied === "boolean")
      return typeof applied === "boolean" ? applied !== negate : undefined;
    return negate ? { not: applied } : applied;
  }

  /** What an unevaluated item must match: U or one of the `contains` that count. */
  matches(contains: string[]): JsonValue | undefined {
    const parts: JsonValue[] = [];
    for (const pointer of [...new Set(contains), this.input.unevaluated]) {
      const applied = this.apply(pointer);
      if (applied === undefined) return undefined;
      if (applied === true) return true;
      if (applied !== false) parts.push(applied);
    }
    return any(parts);
  }

  /** The prefix check for the scopes under `root`, items matching `matches` (undefined when a reference cannot be written). */
  prefixes(root: ItemScope, matches: JsonValue | undefined): JsonValue | undefined {
    if (matches === undefined) return undefined;
    if (root.all || matches === true) return true;
    const terms = this.terms(root.children, root.prefix, matches);
    return terms === undefined ? undefined : any([this.tail(root.prefix, matches), ...terms]);
  }

  /**
   * The parts of the prefix check the scopes `scopes` add beyond a prefix of
   * `inherited`, or undefined when a reference cannot be written. Scopes with
   * no scopes inside that evaluate the same prefix share one part, their
   * conditions in an `anyOf` (ajv validates each once however many there are).
   */
  private terms(scopes: ItemScope[], inherited: number, matches: JsonValue): JsonValue[] | undefined {
    const terms: JsonValue[] = [];
    const shared = new Map<number, JsonValue[]>();
    for (const scope of scopes) {
      const condition = this.condition(scope);
      if (condition === undefined) return undefined;
      if (condition === false) continue;
      if (scope.children.length === 0 && !scope.all && scope.prefix <= inherited) continue;
      if (scope.children.length === 0) {
        const key = scope.all ? Infinity : scope.prefix;
        if (!shared.has(key)) shared.set(key, []);
        shared.get(key)!.push(condition);
        continue;
      }
      const inner = scope.all ? [] : this.terms(scope.children, Math.max(inherited, scope.prefix), matches);
      if (inner === undefined) return undefined;
      if (!scope.all && scope.prefix > inherited) inner.unshift(this.tail(scope.prefix, matches));
      if (!scope.all && inner.length === 0) continue;
      terms.push(all([condition, ...(scope.all ? [] : [any(inner)])]));
    }
    for (const [prefix, conditions] of shared) {
      const condition = conditions.includes(true) ? true : any(conditions);
      terms.push(prefix === Infinity ? condition : all([condition, this.tail(prefix, matches)]));
    }
    return terms;
  }

  /** Every item from index `from` on matches `matches`. */
  private tail(from: number, matches: JsonValue): JsonValue {
    if (from === 0) return { items: matches };
    const prefix = Array.from({ length: from }, () => true);
    return this.input.dialect === "2020-12"
      ? { prefixItems: prefix, items: matches }
      : { items: prefix, additionalItems: matches };
  }
}
