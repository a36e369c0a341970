import canonicalize from "canonicalize";
import { fragmentToPointer, getAtPointer, joinPointer, pointerToFragment } from "../core/json-pointer.js";
import { RULES, type Finding, type RuleId } from "./rules.js";

type SchemaObject = Record<string, unknown>;

const JSON_TYPES = ["null", "boolean", "object", "array", "number", "string"] as const;
const ANNOTATIONS = ["title", "description", "$comment", "examples"] as const;
/** Keywords that bound a value from below or above: raising a lower bound narrows, lowering it widens. */
const LOWER_BOUNDS = ["minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties", "minContains"] as const;
const UPPER_BOUNDS = ["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties", "maxContains"] as const;
/** Subschemas that, absent, accept everything: one appearing narrows, one disappearing widens. */
const SINGLE_SUBSCHEMAS = ["contains", "propertyNames"] as const;
const KEYED_SUBSCHEMAS = ["patternProperties", "dependentSchemas"] as const;
/** Keywords that are neither annotations nor `$ref`: a node with none of them beside its `$ref` is only a reference. */
const NOT_ASSERTIONS = new Set(["$ref", "$id", "id", "$schema", "$anchor", "$dynamicAnchor", "$defs", "definitions", "default", "deprecated", ...ANNOTATIONS]);
/** Keywords whose values are data, not schemas. */
const DATA_KEYWORDS = new Set(["const", "enum", "examples", "default"]);

/** One version of a bundle: its root, where each embedded document sits (by `$id`), and its anchors. */
interface Side {
  root: unknown;
  /** Document URI (no fragment) to the document's pointer in the bundle. */
  documents: Map<string, string>;
  /** `<document pointer>#<anchor>` to the anchored schema's pointer. */
  anchors: Map<string, string>;
  /** The keyword that names a document: `id` in draft-04, `$id` after. */
  idKeyword: "$id" | "id";
}

/**
 * The changes between two bundles of one contract (each self-contained, as
 * `generate` writes them), by walking both in step: the same keyword at the
 * same place, properties by name, definitions by key. Where a `$ref` changed,
 * what each side's reference leads to is compared instead; a document
 * embedded from another contract is compared where a reference leads into it,
 * so only what this contract uses counts.
 */
export function compareSchemas(contract: string, base: unknown, head: unknown): Finding[] {
  return new Comparison(contract, side(normalize(base)), side(normalize(head))).run();
}

/**
 * An equivalent spelling brought to one, so that rewriting a schema without
 * changing its meaning reports nothing: `not: {required: [x]}` is
 * `properties: {x: false}`.
 */
function normalize(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(normalize);
  if (!isObject(schema)) return schema;
  const out: SchemaObject = {};
  for (const [k, v] of Object.entries(schema)) out[k] = DATA_KEYWORDS.has(k) ? v : normalize(v);
  const not = out["not"];
  if (isObject(not) && Object.keys(not).length === 1 && Array.isArray(not["required"]) && not["required"].length === 1 && typeof not["required"][0] === "string") {
    const name = not["required"][0];
    const properties = isObject(out["properties"]) ? out["properties"] : {};
    if (!(name in properties)) {
      out["properties"] = { ...properties, [name]: false };
      delete out["not"];
    }
  }
  return out;
}

function side(root: unknown): Side {
  const draft04 = typeof (root as SchemaObject | null)?.["$schema"] === "string" && ((root as SchemaObject)["$schema"] as string).includes("draft-04");
  const idKeyword = draft04 ? "id" : "$id";
  const documents = new Map<string, string>();
  const anchors = new Map<string, string>();
  const rootId = (root as SchemaObject | null)?.[idKeyword];
  if (typeof rootId === "string") documents.set(stripFragment(rootId), "");
  for (const container of ["$defs", "definitions"]) {
    const defs = (root as SchemaObject | null)?.[container];
    if (!isObject(defs)) continue;
    for (const [key, def] of Object.entries(defs)) {
      const id = (def as SchemaObject | null)?.[idKeyword];
      if (typeof id === "string" && !id.startsWith("#")) documents.set(stripFragment(id), joinPointer(`/${container}`, key));
    }
  }
  const documentPointers = new Set(documents.values());
  // Anchors: `$anchor: a` (2019-09+), or an id that is only a fragment (`#a`, before 2019-09).
  const walk = (node: unknown, pointer: string, doc: string) => {
    if (Array.isArray(node)) return node.forEach((item, i) => walk(item, joinPointer(pointer, i), doc));
    if (!isObject(node)) return;
    if (documentPointers.has(pointer)) doc = pointer;
    const anchor = typeof node["$anchor"] === "string" ? node["$anchor"] : typeof node[idKeyword] === "string" && (node[idKeyword] as string).startsWith("#") ? (node[idKeyword] as string).slice(1) : undefined;
    if (anchor !== undefined) anchors.set(`${doc}#${anchor}`, pointer);
    for (const [key, value] of Object.entries(node)) if (!DATA_KEYWORDS.has(key)) walk(value, joinPointer(pointer, key), doc);
  };
  walk(root, "", "");
  return { root, documents, anchors, idKeyword };
}

class Comparison {
  private readonly findings: Finding[] = [];
  private readonly seen = new Set<string>();

  constructor(
    private readonly contract: string,
    private readonly base: Side,
    private readonly head: Side,
  ) {}

  run(): Finding[] {
    this.node(this.base.root, this.head.root, "", "", "", "");
    return this.findings;
  }

  private add(rule: RuleId, bp: string | undefined, hp: string | undefined, message: string): void {
    for (const category of RULES[rule].categories) {
      const finding: Finding = { rule, category, contract: this.contract, message };
      if (bp !== undefined) finding.basePointer = `#${pointerToFragment(bp)}`;
      if (hp !== undefined) finding.headPointer = `#${pointerToFragment(hp)}`;
      this.findings.push(finding);
    }
  }

  /** Compares the schemas at `bp` (base) and `hp` (head); `bDoc`/`hDoc` are the documents they belong to, for `#...` references. */
  private node(b: unknown, h: unknown, bp: string, hp: string, bDoc: string, hDoc: string): void {
    const key = `${bp}\u0000${hp}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    if (b === false || h === false) {
      if (b !== false) this.add("schema-closed", bp, hp, "now accepts no value at all");
      else if (h !== false) this.add("schema-opened", bp, hp, "accepted no value, and now accepts some");
      return;
    }
    const bs: SchemaObject = isObject(b) ? b : {};
    const hs: SchemaObject = isObject(h) ? h : {};
    if (this.base.documents.has(idOf(bs, this.base)) && bp !== "") bDoc = bp;
    if (this.head.documents.has(idOf(hs, this.head)) && hp !== "") hDoc = hp;
    if (bs["$ref"] !== undefined || hs["$ref"] !== undefined) {
      this.references(bs, hs, bp, hp, bDoc, hDoc);
      return;
    }
    this.keywords(bs, hs, bp, hp, bDoc, hDoc);
  }

  /** Every keyword of two schemas without `$ref`. */
  private keywords(bs: SchemaObject, hs: SchemaObject, bp: string, hp: string, bDoc: string, hDoc: string): void {
    this.annotations(bs, hs, bp, hp);
    this.types(bs, hs, bp, hp);
    this.values(bs, hs, bp, hp);
    this.bounds(bs, hs, bp, hp);
    this.objects(bs, hs, bp, hp, bDoc, hDoc);
    this.arrays(bs, hs, bp, hp, bDoc, hDoc);
    for (const keyword of ["allOf", "anyOf", "oneOf"] as const) this.branches(keyword, bs, hs, bp, hp, bDoc, hDoc);
    this.conditions(bs, hs, bp, hp, bDoc, hDoc);
    for (const keyword of SINGLE_SUBSCHEMAS) {
      if (keyword in bs || keyword in hs) this.node(bs[keyword] ?? true, hs[keyword] ?? true, joinPointer(bp, keyword), joinPointer(hp, keyword), bDoc, hDoc);
    }
    for (const keyword of KEYED_SUBSCHEMAS) {
      const [bk, hk] = [objectOf(bs[keyword]), objectOf(hs[keyword])];
      for (const name of new Set([...Object.keys(bk), ...Object.keys(hk)])) this.node(bk[name] ?? true, hk[name] ?? true, joinPointer(bp, keyword, name), joinPointer(hp, keyword, name), bDoc, hDoc);
    }
    this.dependencies(bs, hs, bp, hp, bDoc, hDoc);
    for (const container of ["$defs", "definitions"] as const) this.definitions(container, bs, hs, bp, hp, bDoc, hDoc);
  }

  /**
   * Where a side has a `$ref`: what it leads to is compared with what the
   * other side leads to (its own target, or the schema written in its place),
   * then the keywords beside the references, each side's alone.
   */
  private references(bs: SchemaObject, hs: SchemaObject, bp: string, hp: string, bDoc: string, hDoc: string): void {
    const bt = typeof bs["$ref"] === "string" ? this.resolve(this.base, bs["$ref"], bDoc) : undefined;
    const ht = typeof hs["$ref"] === "string" ? this.resolve(this.head, hs["$ref"], hDoc) : undefined;
    const [bRef, hRef] = [bs["$ref"] !== undefined, hs["$ref"] !== undefined];
    if ((bRef && bt === undefined) || (hRef && ht === undefined)) {
      if (bs["$ref"] !== hs["$ref"]) this.add("reference-unresolved", bp, hp, `$ref changed from ${JSON.stringify(bs["$ref"] ?? null)} to ${JSON.stringify(hs["$ref"] ?? null)}`);
      return;
    }
    const without = (s: SchemaObject) => Object.fromEntries(Object.entries(s).filter(([k]) => k !== "$ref"));
    // The same local reference: its target is compared where it stands (definitions are walked).
    const sameLocal = bs["$ref"] === hs["$ref"] && bt !== undefined && ht !== undefined && !this.embedded(bt.doc) && !this.embedded(ht.doc);
    if (!sameLocal) this.node(bt ? bt.schema : without(bs), ht ? ht.schema : without(hs), bt ? bt.pointer : bp, ht ? ht.pointer : hp, bt ? bt.doc : bDoc, ht ? ht.doc : hDoc);
    // Beside the references: a side without one was compared whole above, so only its definitions remain.
    const definitionsOf = (s: SchemaObject) => Object.fromEntries(Object.entries(s).filter(([k]) => k === "$defs" || k === "definitions"));
    const [bSide, hSide] = [bRef ? without(bs) : definitionsOf(bs), hRef ? without(hs) : definitionsOf(hs)];
    const definitions = ["$defs", "definitions"].some((k) => k in bSide || k in hSide);
    if (definitions || !onlyReference(bSide) || !onlyReference(hSide)) this.keywords(bSide, hSide, bp, hp, bDoc, hDoc);
  }

  private embedded(doc: string): boolean {
    return doc !== "";
  }

  private resolve(side: Side, ref: string, doc: string): { schema: unknown; pointer: string; doc: string } | undefined {
    const hash = ref.indexOf("#");
    const uri = hash === -1 ? ref : ref.slice(0, hash);
    const fragment = hash === -1 ? "" : ref.slice(hash + 1);
    const docPointer = uri === "" ? doc : side.documents.get(uri);
    if (docPointer === undefined) return undefined;
    let pointer: string | undefined;
    if (fragment === "" || fragment.startsWith("/")) {
      const inner = fragment === "" ? "" : fragmentToPointer(fragment);
      pointer = inner === undefined ? undefined : docPointer + inner;
    } else pointer = side.anchors.get(`${docPointer}#${decodeURIComponent(fragment)}`);
    if (pointer === undefined) return undefined;
    const schema = getAtPointer(side.root, pointer);
    return schema === undefined ? undefined : { schema, pointer, doc: docPointer };
  }

  private annotations(bs: SchemaObject, hs: SchemaObject, bp: string, hp: string): void {
    const changed = ANNOTATIONS.filter((k) => !same(bs[k], hs[k]));
    if (changed.length > 0) this.add("description-changed", bp, hp, `${changed.join(", ")} changed`);
    if (!same(bs["default"], hs["default"])) this.add("default-changed", bp, hp, `default ${show(bs["default"])} → ${show(hs["default"])}`);
    if (bs["deprecated"] !== true && hs["deprecated"] === true) this.add("property-deprecated", bp, hp, "now deprecated");
  }

  private types(bs: SchemaObject, hs: SchemaObject, bp: string, hp: string): void {
    const [bt, ht] = [typesOf(bs), typesOf(hs)];
    const covered = (t: string, set: Set<string>) => set.has(t) || (t === "integer" && set.has("number"));
    const lost = [...bt].filter((t) => !covered(t, ht));
    const gained = [...ht].filter((t) => !covered(t, bt));
    const now = [...ht].join(", ") || "nothing";
    if (lost.length > 0) this.add("type-narrowed", bp, hp, `no longer allows ${lost.join(", ")} (allows ${now})`);
    if (gained.includes("null")) this.add("null-allowed", bp, hp, "now allows null");
    const others = gained.filter((t) => t !== "null");
    if (others.length > 0) this.add("type-widened", bp, hp, `now allows ${others.join(", ")}`);
  }

  /** `enum`, and `const` as the one-value enum it is; `pattern`, `format`, `uniqueItems`. */
  private values(bs: SchemaObject, hs: SchemaObject, bp: string, hp: string): void {
    const [be, he] = [valuesOf(bs), valuesOf(hs)];
    if (be && he) {
      const [bset, hset] = [new Set(be.map(key)), new Set(he.map(key))];
      for (const v of be) if (!hset.has(key(v))) this.add("enum-value-removed", bp, hp, `value ${show(v)} no longer allowed`);
      for (const v of he) if (!bset.has(key(v))) this.add("enum-value-added", bp, hp, `value ${show(v)} now allowed`);
    } else if (he) this.add("enum-added", bp, hp, `now limited to ${he.map(show).join(", ")}`);
    else if (be) this.add("enum-removed", bp, hp, `no longer limited to ${be.map(show).join(", ")}`);
    for (const keyword of ["pattern", "format"] as const) {
      const [b, h] = [bs[keyword], hs[keyword]];
      if (b === h) continue;
      if (b === undefined) this.add(`${keyword}-added`, bp, hp, `${keyword} ${show(h)} added`);
      else if (h === undefined) this.add(`${keyword}-removed`, bp, hp, `${keyword} ${show(b)} removed`);
      else this.add(`${keyword}-changed`, bp, hp, `${keyword} ${show(b)} → ${show(h)}`);
    }
    if (bs["uniqueItems"] !== true && hs["uniqueItems"] === true) this.add("unique-items-added", bp, hp, "items must now be unique");
    if (bs["uniqueItems"] === true && hs["uniqueItems"] !== true) this.add("unique-items-removed", bp, hp, "items no longer need to be unique");
  }

  private bounds(bs: SchemaObject, hs: SchemaObject, bp: string, hp: string): void {
    const compare = (keyword: string, lower: boolean) => {
      const [b, h] = [bs[keyword], hs[keyword]];
      if (typeof b !== "number" && typeof h !== "number") return;
      if (b === h) return;
      const tighter = typeof b !== "number" ? true : typeof h !== "number" ? false : lower ? h > b : h < b;
      this.add(tighter ? "bound-tightened" : "bound-loosened", bp, hp, `${keyword} ${show(b)} → ${show(h)}`);
    };
    for (const keyword of LOWER_BOUNDS) compare(keyword, true);
    for (const keyword of UPPER_BOUNDS) compare(keyword, false);
    const [bm, hm] = [bs["multipleOf"], hs["multipleOf"]];
    if (bm === hm || (typeof bm !== "number" && typeof hm !== "number")) return;
    const message = `multipleOf ${show(bm)} → ${show(hm)}`;
    if (typeof hm !== "number") return this.add("multiple-of-loosened", bp, hp, message);
    if (typeof bm !== "number") return this.add("multiple-of-tightened", bp, hp, message);
    // Every multiple of the new step is one of the old exactly when the old step divides the new one.
    if (divides(bm, hm)) this.add("multiple-of-tightened", bp, hp, message);
    else if (divides(hm, bm)) this.add("multiple-of-loosened", bp, hp, message);
    else this.add("multiple-of-changed", bp, hp, message);
  }

  private objects(bs: SchemaObject, hs: SchemaObject, bp: string, hp: string, bDoc: string, hDoc: string): void {
    const [br, hr] = [stringSet(bs["required"]), stringSet(hs["required"])];
    for (const name of hr) if (!br.has(name)) this.add("required-added", bp, hp, `property ${show(name)} is now required`);
    for (const name of br) if (!hr.has(name)) this.add("required-removed", bp, hp, `property ${show(name)} is no longer required`);
    const [bprops, hprops] = [objectOf(bs["properties"]), objectOf(hs["properties"])];
    // What governs a name `properties` does not list: the object's other members.
    const [bRest, hRest] = [rest(bs), rest(hs)];
    for (const [name, schema] of Object.entries(bprops)) {
      const bpp = joinPointer(bp, "properties", name);
      if (name in hprops) this.node(schema, hprops[name], bpp, joinPointer(hp, "properties", name), bDoc, hDoc);
      else if (schema === false) {
        if (hRest.schema !== false) this.node(false, hRest.schema, bpp, hRest.pointer(hp), bDoc, hDoc);
      } else if ((schema as SchemaObject | null)?.["deprecated"] === true) this.add("deprecated-property-removed", bpp, hp, `deprecated property ${show(name)} removed`);
      else if (hRest.schema === false) this.add("property-removed-closed", bpp, hp, `property ${show(name)} removed; data that has it is refused`);
      else if (hRest.schema === true) this.add("property-removed-open", bpp, hp, `property ${show(name)} removed; any value of it is accepted`);
      else this.node(schema, hRest.schema, bpp, hRest.pointer(hp), bDoc, hDoc);
    }
    for (const [name, schema] of Object.entries(hprops)) {
      if (name in bprops) continue;
      const hpp = joinPointer(hp, "properties", name);
      if (schema === false) {
        if (bRest.schema !== false) this.add("property-forbidden", bp, hpp, `property ${show(name)} is forbidden now`);
      } else if (bRest.schema === false) this.add("property-added-closed", bp, hpp, `property ${show(name)} added to a closed object`);
      else if (bRest.schema === true) {
        if (!hr.has(name)) this.add("optional-property-added", bp, hpp, `optional property ${show(name)} added`);
      } else this.node(bRest.schema, schema, bRest.pointer(bp), hpp, bDoc, hDoc);
    }
    this.rest("additionalProperties", "additional-properties-closed", "additional-properties-opened", bs, hs, bp, hp, bDoc, hDoc);
    this.rest("unevaluatedProperties", "unevaluated-properties-closed", "unevaluated-properties-opened", bs, hs, bp, hp, bDoc, hDoc);
  }

  /** `dependentRequired`, `dependentSchemas`, and draft-07 `dependencies` (either form). */
  private dependencies(bs: SchemaObject, hs: SchemaObject, bp: string, hp: string, bDoc: string, hDoc: string): void {
    const names = (s: SchemaObject) => {
      const out = new Map<string, Set<string>>();
      for (const keyword of ["dependentRequired", "dependencies"]) {
        for (const [name, value] of Object.entries(objectOf(s[keyword]))) if (Array.isArray(value)) out.set(name, new Set([...(out.get(name) ?? []), ...stringSet(value)]));
      }
      return out;
    };
    const [bn, hn] = [names(bs), names(hs)];
    for (const [name, needs] of hn) for (const need of needs) if (!bn.get(name)?.has(need)) this.add("dependent-required-added", bp, hp, `property ${show(name)} now requires ${show(need)}`);
    for (const [name, needs] of bn) for (const need of needs) if (!hn.get(name)?.has(need)) this.add("dependent-required-removed", bp, hp, `property ${show(name)} no longer requires ${show(need)}`);
    const [bd, hd] = [objectOf(bs["dependencies"]), objectOf(hs["dependencies"])];
    for (const name of new Set([...Object.keys(bd), ...Object.keys(hd)])) {
      const [b, h] = [Array.isArray(bd[name]) ? undefined : bd[name], Array.isArray(hd[name]) ? undefined : hd[name]];
      if (b !== undefined || h !== undefined) this.node(b ?? true, h ?? true, joinPointer(bp, "dependencies", name), joinPointer(hp, "dependencies", name), bDoc, hDoc);
    }
  }

  private arrays(bs: SchemaObject, hs: SchemaObject, bp: string, hp: string, bDoc: string, hDoc: string): void {
    // A tuple position one side lacks is governed by what follows the tuple there (open when absent).
    const tuple = (keyword: string, after: string) => {
      const [b, h] = [bs[keyword], hs[keyword]];
      if (!Array.isArray(b) && !Array.isArray(h)) return;
      const [bt, ht] = [Array.isArray(b) ? b : [], Array.isArray(h) ? h : []];
      for (let i = 0; i < Math.max(bt.length, ht.length); i++) {
        const bi = i < bt.length ? bt[i] : (bs[after] ?? true);
        const hi = i < ht.length ? ht[i] : (hs[after] ?? true);
        this.node(bi, hi, i < bt.length ? joinPointer(bp, keyword, i) : joinPointer(bp, after), i < ht.length ? joinPointer(hp, keyword, i) : joinPointer(hp, after), bDoc, hDoc);
      }
    };
    tuple("prefixItems", "items");
    if (Array.isArray(bs["items"]) || Array.isArray(hs["items"])) {
      tuple("items", "additionalItems");
      this.rest("additionalItems", "items-closed", "items-opened", bs, hs, bp, hp, bDoc, hDoc);
    } else this.rest("items", "items-closed", "items-opened", bs, hs, bp, hp, bDoc, hDoc);
    this.rest("unevaluatedItems", "items-closed", "items-opened", bs, hs, bp, hp, bDoc, hDoc);
  }

  /** `additionalProperties` and its kin: absent or `true` is open, `false` closed, a schema compared as one. */
  private rest(keyword: string, closing: RuleId, opening: RuleId, bs: SchemaObject, hs: SchemaObject, bp: string, hp: string, bDoc: string, hDoc: string): void {
    const [b, h] = [bs[keyword], hs[keyword]];
    if (b === undefined && h === undefined) return;
    if (h === false && b !== false) return this.add(closing, bp, hp, `${keyword}: false refuses what was accepted`);
    if (b === false && h !== false) return this.add(opening, bp, hp, `${keyword} no longer false`);
    if (b === false && h === false) return;
    this.node(b ?? true, h ?? true, joinPointer(bp, keyword), joinPointer(hp, keyword), bDoc, hDoc);
  }

  /**
   * `allOf`/`anyOf`/`oneOf`: branches with an identical twin on the other
   * side are unchanged, wherever they moved; the rest are compared in order
   * when as many remain on both sides, else reported as removed and added.
   */
  private branches(keyword: "allOf" | "anyOf" | "oneOf", bs: SchemaObject, hs: SchemaObject, bp: string, hp: string, bDoc: string, hDoc: string): void {
    const [b, h] = [Array.isArray(bs[keyword]) ? (bs[keyword] as unknown[]) : [], Array.isArray(hs[keyword]) ? (hs[keyword] as unknown[]) : []];
    if (b.length === 0 && h.length === 0) return;
    const unmatched = new Set(h.keys());
    const left: number[] = [];
    b.forEach((branch, i) => {
      const twin = [...unmatched].find((j) => same(branch, h[j]));
      if (twin === undefined) left.push(i);
      else unmatched.delete(twin);
    });
    const right = [...unmatched];
    if (left.length === right.length) {
      left.forEach((i, n) => this.node(b[i], h[right[n]!], joinPointer(bp, keyword, i), joinPointer(hp, keyword, right[n]!), bDoc, hDoc));
      return;
    }
    const [removed, added] = keyword === "allOf" ? (["constraint-removed", "constraint-added"] as const) : (["union-branch-removed", "union-branch-added"] as const);
    for (const i of left) this.add(removed, joinPointer(bp, keyword, i), hp, `${keyword} branch ${i} removed`);
    for (const j of right) this.add(added, bp, joinPointer(hp, keyword, j), `${keyword} branch ${j} added`);
  }

  /**
   * `if`/`then`/`else` and `not`. With the same `if`, `then` and `else` are
   * compared as constraints; otherwise (and for a changed `not`, which turns
   * narrowing into widening) the old constraint counts as removed and the new
   * one as added.
   */
  private conditions(bs: SchemaObject, hs: SchemaObject, bp: string, hp: string, bDoc: string, hDoc: string): void {
    const replaced = (keyword: string, b: unknown, h: unknown) => {
      if (b !== undefined) this.add("constraint-removed", joinPointer(bp, keyword), hp, `${keyword} ${show(b)} removed`);
      if (h !== undefined) this.add("constraint-added", bp, joinPointer(hp, keyword), `${keyword} ${show(h)} added`);
    };
    if (!same(bs["not"], hs["not"])) replaced("not", bs["not"], hs["not"]);
    if (!same(bs["if"], hs["if"])) {
      if (bs["if"] !== undefined || hs["if"] !== undefined) replaced("if", bs["if"] === undefined ? undefined : { if: bs["if"], then: bs["then"], else: bs["else"] }, hs["if"] === undefined ? undefined : { if: hs["if"], then: hs["then"], else: hs["else"] });
      return;
    }
    if (bs["if"] === undefined) return;
    for (const keyword of ["then", "else"] as const) {
      const [b, h] = [bs[keyword], hs[keyword]];
      if (b !== undefined && h !== undefined) this.node(b, h, joinPointer(bp, keyword), joinPointer(hp, keyword), bDoc, hDoc);
      else if (b !== undefined || h !== undefined) replaced(keyword, b, h);
    }
  }

  /**
   * Definitions: compared by key; at the root of the contract's own document,
   * one gone or new is reported. A document embedded from another contract
   * is not walked: it counts where a reference of this contract leads into it.
   * Which key holds an embedded document is the bundle's choice (it moves
   * when the author takes its key), so documents are told apart by `$id`,
   * and a key that changed between a document and a definition is a
   * definition gone or new, never the one compared with the other.
   */
  private definitions(container: "$defs" | "definitions", bs: SchemaObject, hs: SchemaObject, bp: string, hp: string, bDoc: string, hDoc: string): void {
    const [bd, hd] = [objectOf(bs[container]), objectOf(hs[container])];
    const exported = bp === "" && hp === "";
    const isDocument = (side: Side, pointer: string) => exported && [...side.documents.values()].includes(pointer);
    const definedIn = (side: Side, defs: SchemaObject, at: string, name: string) => Object.hasOwn(defs, name) && !isDocument(side, joinPointer(at, container, name));
    for (const [name, schema] of Object.entries(bd)) {
      const [bdp, hdp] = [joinPointer(bp, container, name), joinPointer(hp, container, name)];
      if (isDocument(this.base, bdp)) continue;
      if (definedIn(this.head, hd, hp, name)) this.node(schema, hd[name], bdp, hdp, bDoc, hDoc);
      else if (exported) this.add("definition-removed", bdp, undefined, `definition ${show(name)} removed`);
    }
    if (!exported) return;
    for (const name of Object.keys(hd)) {
      const hdp = joinPointer(hp, container, name);
      if (!definedIn(this.base, bd, bp, name) && !isDocument(this.head, hdp)) this.add("definition-added", undefined, hdp, `definition ${show(name)} added`);
    }
  }
}

function isObject(value: unknown): value is SchemaObject {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function objectOf(value: unknown): SchemaObject {
  return isObject(value) ? value : {};
}

function stringSet(value: unknown): Set<string> {
  return new Set(Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);
}

function idOf(s: SchemaObject, side: Side): string {
  const id = s[side.idKeyword];
  return typeof id === "string" ? stripFragment(id) : "\u0000";
}

/** What governs an object's members that `properties` does not name: `true`, `false`, or a schema, with its place. */
function rest(s: SchemaObject): { schema: unknown; pointer: (at: string) => string } {
  for (const keyword of ["additionalProperties", "unevaluatedProperties"]) {
    const value = s[keyword];
    if (value === false) return { schema: false, pointer: (at) => joinPointer(at, keyword) };
    if (isObject(value) && Object.keys(value).length > 0) return { schema: value, pointer: (at) => joinPointer(at, keyword) };
  }
  return { schema: true, pointer: (at) => at };
}

function onlyReference(s: SchemaObject): boolean {
  return Object.keys(s).every((k) => NOT_ASSERTIONS.has(k));
}

/** The JSON types a schema admits by its `type` keyword (all of them when absent). */
function typesOf(s: SchemaObject): Set<string> {
  const declared = typeof s["type"] === "string" ? [s["type"]] : Array.isArray(s["type"]) ? (s["type"] as unknown[]).filter((t): t is string => typeof t === "string") : undefined;
  return new Set(declared ?? JSON_TYPES);
}

/** The values an `enum` or `const` allows; undefined when neither limits them. */
function valuesOf(s: SchemaObject): unknown[] | undefined {
  if ("const" in s) return [s["const"]];
  return Array.isArray(s["enum"]) ? s["enum"] : undefined;
}

/** Whether `step` divides `multiple` (within floating-point error: 0.1 divides 0.3). */
function divides(step: number, multiple: number): boolean {
  const ratio = multiple / step;
  return Math.abs(ratio - Math.round(ratio)) < 1e-9 * Math.max(1, Math.abs(ratio));
}

function key(value: unknown): string {
  return canonicalize(value) ?? "undefined";
}

function same(a: unknown, b: unknown): boolean {
  return key(a) === key(b);
}

function show(value: unknown): string {
  return value === undefined ? "(none)" : JSON.stringify(value);
}

function stripFragment(uri: string): string {
  const hash = uri.indexOf("#");
  return hash === -1 ? uri : uri.slice(0, hash);
}
