/**
 * How one keyword changed between two schemas, computed once for the rules
 * that report its two directions (a bound tightened or loosened, a value
 * removed or added).
 */
import {
  ANNOTATION_KEYWORDS,
  DEPENDENCY_KEYWORDS,
  JSON_TYPES,
  LOWER_BOUNDS,
  MULTIPLE_OF,
  UPPER_BOUNDS,
  type LimitKeyword,
} from "../keywords.js";
import { key, objectOf, same, show, stringSet, type SchemaObject } from "../schema-values.js";

/** The annotations (`title`, `description`, `$comment`, `examples`) whose values differ. */
export function annotationsChanged(base: SchemaObject, head: SchemaObject): string[] {
  return ANNOTATION_KEYWORDS.filter((k) => !same(base[k], head[k]));
}

/** The JSON types a schema admits by its `type` keyword (all of them when absent). */
function typesOf(s: SchemaObject): Set<string> {
  const declared =
    typeof s["type"] === "string"
      ? [s["type"]]
      : Array.isArray(s["type"])
        ? (s["type"] as unknown[]).filter((t): t is string => typeof t === "string")
        : undefined;
  return new Set(declared ?? JSON_TYPES);
}

/** The types base admits and head does not (`lost`), the reverse (`gained`), `integer` being within `number`; and what head admits. */
export function typeChange(base: SchemaObject, head: SchemaObject): { lost: string[]; gained: string[]; now: string } {
  const [bt, ht] = [typesOf(base), typesOf(head)];
  const covered = (t: string, set: Set<string>) => set.has(t) || (t === "integer" && set.has("number"));
  return {
    lost: [...bt].filter((t) => !covered(t, ht)),
    gained: [...ht].filter((t) => !covered(t, bt)),
    now: [...ht].join(", ") || "nothing",
  };
}

/** The values an `enum` or `const` allows; undefined when neither limits them. */
export function valuesOf(s: SchemaObject): unknown[] | undefined {
  if ("const" in s) return [s["const"]];
  return Array.isArray(s["enum"]) ? s["enum"] : undefined;
}

/** The values of `from` that `to` lacks. */
export function valuesMissing(from: unknown[], to: unknown[]): unknown[] {
  const kept = new Set(to.map(key));
  return from.filter((v) => !kept.has(key(v)));
}

/** How a keyword whose value is compared whole (`pattern`, `format`) changed; undefined when it did not. */
export function keywordChange(
  pair: { base: SchemaObject; head: SchemaObject },
  keyword: string,
): { change: "added" | "removed" | "changed"; message: string } | undefined {
  const [b, h] = [pair.base[keyword], pair.head[keyword]];
  if (b === h) return undefined;
  if (b === undefined) return { change: "added", message: `${keyword} ${show(h)} added` };
  if (h === undefined) return { change: "removed", message: `${keyword} ${show(b)} removed` };
  return { change: "changed", message: `${keyword} ${show(b)} → ${show(h)}` };
}

/** Whether a bound was tightened or loosened (added counts as tightened, removed as loosened); undefined for `multipleOf` or no change. */
export function boundChange(pair: {
  base: SchemaObject;
  head: SchemaObject;
  keyword: LimitKeyword;
}): { tighter: boolean; message: string } | undefined {
  const { keyword } = pair;
  const lower = (LOWER_BOUNDS as readonly string[]).includes(keyword);
  if (!lower && !(UPPER_BOUNDS as readonly string[]).includes(keyword)) return undefined;
  const [b, h] = [pair.base[keyword], pair.head[keyword]];
  if (typeof b !== "number" && typeof h !== "number") return undefined;
  if (b === h) return undefined;
  const tighter = typeof b !== "number" ? true : typeof h !== "number" ? false : lower ? h > b : h < b;
  return { tighter, message: `${keyword} ${show(b)} → ${show(h)}` };
}

/**
 * How `multipleOf` changed: every multiple of the new step is one of the old
 * exactly when the old step divides the new one (`tightened`); the reverse
 * is `loosened`; neither is `changed`. Added tightens, removed loosens.
 */
export function multipleOfChange(pair: {
  base: SchemaObject;
  head: SchemaObject;
  keyword: LimitKeyword;
}): { change: "tightened" | "loosened" | "changed"; message: string } | undefined {
  if (pair.keyword !== MULTIPLE_OF) return undefined;
  const [bm, hm] = [pair.base[MULTIPLE_OF], pair.head[MULTIPLE_OF]];
  if (bm === hm || (typeof bm !== "number" && typeof hm !== "number")) return undefined;
  const message = `multipleOf ${show(bm)} → ${show(hm)}`;
  if (typeof hm !== "number") return { change: "loosened", message };
  if (typeof bm !== "number") return { change: "tightened", message };
  return { change: divides(bm, hm) ? "tightened" : divides(hm, bm) ? "loosened" : "changed", message };
}

/** Whether `step` divides `multiple` (within floating-point error: 0.1 divides 0.3). */
function divides(step: number, multiple: number): boolean {
  const ratio = multiple / step;
  return Math.abs(ratio - Math.round(ratio)) < 1e-9 * Math.max(1, Math.abs(ratio));
}

/** A rest keyword (`additionalProperties`, `items`, ...) that became `false`, or stopped being `false`. */
export function restChange(pair: { base: unknown; head: unknown }): "closed" | "opened" | undefined {
  if (pair.head === false && pair.base !== false) return "closed";
  if (pair.base === false && pair.head !== false) return "opened";
  return undefined;
}

/** The names each property requires, from `dependentRequired` and the list form of draft-07 `dependencies`. */
export function dependentNames(s: SchemaObject): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const keyword of DEPENDENCY_KEYWORDS) {
    for (const [name, value] of Object.entries(objectOf(s[keyword])))
      if (Array.isArray(value)) out.set(name, new Set([...(out.get(name) ?? []), ...stringSet(value)]));
  }
  return out;
}

/** Whether a schema is marked `deprecated: true`. */
export function isDeprecated(schema: unknown): boolean {
  return (schema as SchemaObject | null)?.["deprecated"] === true;
}
