/**
 * The steps of the walk that pair what a schema combines: branches of
 * `allOf`/`anyOf`/`oneOf`, conditions (`not`, `if`/`then`/`else`), and
 * definitions.
 */
import { joinPointer } from "../core/json-pointer.js";
import type { Side } from "../schema/bundle-side.js";
import type { BranchKeyword, DefinitionsKeyword } from "./keywords.js";
import { objectOf, same, type SchemaObject } from "./schema-values.js";
import { below, moved, type Pair, type Walk } from "./walk-context.js";

/**
 * Branches with an identical twin on the other side are unchanged, wherever
 * they moved; the rest are compared in order when as many remain on both
 * sides, else each is a subschema gone or new, for the rules.
 */
export function branches(walk: Walk, pair: Pair, keyword: BranchKeyword): void {
  const { base, head, at } = pair;
  const [b, h] = [
    Array.isArray(base[keyword]) ? (base[keyword] as unknown[]) : [],
    Array.isArray(head[keyword]) ? (head[keyword] as unknown[]) : [],
  ];
  if (b.length === 0 && h.length === 0) return;
  const unmatched = new Set(h.keys());
  const left: number[] = [];
  b.forEach((branch, i) => {
    const twin = [...unmatched].find((j) => same(branch, h[j]));
    if (twin === undefined) left.push(i);
    else unmatched.delete(twin);
  });
  const right = [...unmatched];
  const [bp, hp] = [at.base.pointer, at.head.pointer];
  if (left.length === right.length) {
    left.forEach((i, n) =>
      walk.compare(b[i], h[right[n]!], moved(at, joinPointer(bp, keyword, i), joinPointer(hp, keyword, right[n]!))),
    );
    return;
  }
  for (const i of left)
    walk.check("subschema-gone", { keyword, index: i, value: b[i] }, { base: joinPointer(bp, keyword, i), head: hp });
  for (const j of right)
    walk.check("subschema-new", { keyword, index: j, value: h[j] }, { base: bp, head: joinPointer(hp, keyword, j) });
}

/**
 * `not` and `if`/`then`/`else`. With the same `if`, `then` and `else` are
 * compared as schemas; otherwise (and for a changed `not`, which turns
 * narrowing into widening) the old condition is a subschema gone and the new
 * one a subschema new.
 */
export function conditions(walk: Walk, pair: Pair): void {
  const { base, head, at } = pair;
  const [bp, hp] = [at.base.pointer, at.head.pointer];
  const replaced = (keyword: "not" | "if" | "then" | "else", b: unknown, h: unknown) => {
    if (b !== undefined)
      walk.check("subschema-gone", { keyword, value: b }, { base: joinPointer(bp, keyword), head: hp });
    if (h !== undefined)
      walk.check("subschema-new", { keyword, value: h }, { base: bp, head: joinPointer(hp, keyword) });
  };
  if (!same(base["not"], head["not"])) replaced("not", base["not"], head["not"]);
  const condition = (s: SchemaObject) =>
    s["if"] === undefined ? undefined : { if: s["if"], then: s["then"], else: s["else"] };
  if (!same(base["if"], head["if"])) return replaced("if", condition(base), condition(head));
  if (base["if"] === undefined) return;
  for (const keyword of ["then", "else"] as const) {
    const [b, h] = [base[keyword], head[keyword]];
    if (b !== undefined && h !== undefined) walk.compare(b, h, below(at, keyword));
    else if (b !== undefined || h !== undefined) replaced(keyword, b, h);
  }
}

/**
 * Definitions, compared by key; one only a side has is for the rules, which
 * report those at the root of the contract's own document (`exported`). A
 * document embedded from another contract is not walked: it counts where a
 * reference of this contract leads into it. Which key holds an embedded
 * document is the bundle's choice (it moves when the author takes its key),
 * so documents are told apart by `$id`, and a key that changed between a
 * document and a definition is a definition gone or new, never the one
 * compared with the other.
 */
export function definitions(walk: Walk, pair: Pair, container: DefinitionsKeyword): void {
  const { base, head, at } = pair;
  const [bp, hp] = [at.base.pointer, at.head.pointer];
  const [bd, hd] = [objectOf(base[container]), objectOf(head[container])];
  const exported = bp === "" && hp === "";
  const isDocument = (side: Side, pointer: string) => exported && [...side.documents.values()].includes(pointer);
  const definedIn = (side: Side, defs: SchemaObject, at: string, name: string) =>
    Object.hasOwn(defs, name) && !isDocument(side, joinPointer(at, container, name));
  for (const [name, schema] of Object.entries(bd)) {
    const bdp = joinPointer(bp, container, name);
    if (isDocument(walk.base, bdp)) continue;
    if (definedIn(walk.head, hd, hp, name)) walk.compare(schema, hd[name], below(at, container, name));
    else walk.check("definition-gone", { name, exported }, { base: bdp });
  }
  for (const name of Object.keys(hd)) {
    const hdp = joinPointer(hp, container, name);
    if (!definedIn(walk.base, bd, bp, name) && !isDocument(walk.head, hdp))
      walk.check("definition-new", { name, exported }, { head: hdp });
  }
}
