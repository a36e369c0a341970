import canonicalize from "canonicalize";
import { fragmentToPointer, getAtPointer, joinPointer, pointerToFragment } from "../compiler/json-pointer.js";
import { RULES, type Finding, type RuleId } from "./rules.js";

type SchemaObject = Record<string, unknown>;

const JSON_TYPES = ["null", "boolean", "object", "array", "number", "string"] as const;
const ANNOTATIONS = ["title", "description", "$comment", "examples"] as const;
/** Keywords that bound a value from below or above: raising a lower bound narrows, lowering it widens. */
const LOWER_BOUNDS = ["minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties", "minContains"] as const;
const UPPER_BOUNDS = ["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties", "maxContains"] as const;
/** Subschemas compared where both versions have them, key by key or as one. */
const SINGLE_SUBSCHEMAS = ["contains", "propertyNames"] as const;
const KEYED_SUBSCHEMAS = ["patternProperties", "dependentSchemas"] as const;
/** Keywords that are neither annotations nor `$ref`: a node with none of them beside its `$ref` is only a reference. */
const NOT_ASSERTIONS = new Set(["$ref", "$id", "$schema", "$anchor", "$defs", "definitions", "default", "deprecated", ...ANNOTATIONS]);

/** One version of a bundle: its root and where each embedded document (`$id`) sits. */
interface Side {
  root: unknown;
  documents: Map<string, string>;
}

/**
 * The changes between two bundles of one contract (each self-contained, as
 * `generate` writes them), by walking both in step: the same keyword at the
 * same place, properties by name, definitions by key. Where a `$ref` changed,
 * what each side's reference leads to is compared instead.
 */
export function compareSchemas(contract: string, base: unknown, head: unknown): Finding[] {
  return new Comparison(contract, side(normalize(base)), side(normalize(head))).run();
}

/** Keywords whose values are data, not schemas. */
const DATA_KEYWORDS = new Set(["const", "enum", "examples", "default", "x-charter-counterexamples"]);

/**
 * Equivalent spellings brought to one, so that rewriting a schema without
 * changing its meaning reports nothing: `not: {required: [x]}` is
 * `properties: {x: false}`, and a one-value `enum` is a `const`.
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
  if (Array.isArray(out["enum"]) && out["enum"].length === 1 && !("const" in out)) {
    out["const"] = out["enum"][0];
    delete out["enum"];
  }
  return out;
}

function side(root: unknown): Side {
  const documents = new Map<string, string>();
  const rootId = (root as SchemaObject | null)?.["$id"];
  if (typeof rootId === "string") documents.set(stripFragment(rootId), "");
  for (const container of ["$defs", "definitions"]) {
    const defs = (root as SchemaObject | null)?.[container];
    if (!isObject(defs)) continue;
    for (const [key, def] of Object.entries(defs)) {
      const id = (def as SchemaObject | null)?.["$id"];
      if (typeof id === "string") documents.set(stripFragment(id), joinPointer(`/${container}`, key));
    }
  }
  return { root, documents };
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
    const finding: Finding = { rule, category: RULES[rule].category, contract: this.contract, message };
    if (bp !== undefined) finding.basePointer = `#${pointerToFragment(bp)}`;
    if (hp !== undefined) finding.headPointer = `#${pointerToFragment(hp)}`;
    this.findings.push(finding);
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
    if (typeof bs["$id"] === "string" && bp !== "") bDoc = bp;
    if (typeof hs["$id"] === "string" && hp !== "") hDoc = hp;

    if (bs["$ref"] !== hs["$ref"] && this.references(bs, hs, bp, hp, bDoc, hDoc)) return;
    this.annotations(bs, hs, bp, hp);
    this.types(bs, hs, bp, hp);
    this.values(bs, hs, bp, hp);
    this.bounds(bs, hs, bp, hp);
    this.objects(bs, hs, bp, hp, bDoc, hDoc);
    this.arrays(bs, hs, bp, hp, bDoc, hDoc);
    for (const keyword of ["allOf", "anyOf", "oneOf"] as const) this.branches(keyword, bs, hs, bp, hp, bDoc, hDoc);
    this.conditions(bs, hs, bp, hp, bDoc, hDoc);
    for (const keyword of SINGLE_SUBSCHEMAS) {
      if (keyword in bs && keyword in hs) this.node(bs[keyword], hs[keyword], joinPointer(bp, keyword), joinPointer(hp, keyword), bDoc, hDoc);
    }
    for (const keyword of KEYED_SUBSCHEMAS) {
      const [bk, hk] = [bs[keyword], hs[keyword]];
      if (!isObject(bk) || !isObject(hk)) continue;
      for (const name of Object.keys(bk)) if (name in hk) this.node(bk[name], hk[name], joinPointer(bp, keyword, name), joinPointer(hp, keyword, name), bDoc, hDoc);
    }
    for (const container of ["$defs", "definitions"] as const) this.definitions(container, bs, hs, bp, hp, bDoc, hDoc);
  }

  /**
   * A `$ref` that changed: compares what each side leads to (the target, or
   * the schema written in its place). True when that covered the node (a side
   * that is only a reference); false when sibling keywords remain to compare.
   */
  private references(bs: SchemaObject, hs: SchemaObject, bp: string, hp: string, bDoc: string, hDoc: string): boolean {
    const bt = typeof bs["$ref"] === "string" ? this.resolve(this.base, bs["$ref"], bDoc) : undefined;
    const ht = typeof hs["$ref"] === "string" ? this.resolve(this.head, hs["$ref"], hDoc) : undefined;
    if ((bs["$ref"] !== undefined && bt === undefined) || (hs["$ref"] !== undefined && ht === undefined)) {
      this.add("reference-unresolved", bp, hp, `$ref changed from ${JSON.stringify(bs["$ref"] ?? null)} to ${JSON.stringify(hs["$ref"] ?? null)}`);
      return true;
    }
    const without = (s: SchemaObject) => Object.fromEntries(Object.entries(s).filter(([k]) => k !== "$ref"));
    const [bOnly, hOnly] = [onlyReference(bs), onlyReference(hs)];
    this.node(bt ? bt.schema : without(bs), ht ? ht.schema : without(hs), bt ? bt.pointer : bp, ht ? ht.pointer : hp, bt ? bt.doc : bDoc, ht ? ht.doc : hDoc);
    // Both have keywords beside their references: the caller compares those too.
    return bOnly || hOnly;
  }

  private resolve(side: Side, ref: string, doc: string): { schema: unknown; pointer: string; doc: string } | undefined {
    const hash = ref.indexOf("#");
    const uri = hash === -1 ? ref : ref.slice(0, hash);
    const fragment = hash === -1 ? "" : ref.slice(hash + 1);
    const docPointer = uri === "" ? doc : side.documents.get(uri);
    if (docPointer === undefined) return undefined;
    const inner = fragment === "" ? "" : fragmentToPointer(fragment);
    if (inner === undefined) return undefined;
    const pointer = docPointer + inner;
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

  private values(bs: SchemaObject, hs: SchemaObject, bp: string, hp: string): void {
    const [be, he] = [bs["enum"], hs["enum"]];
    if (Array.isArray(be) && Array.isArray(he)) {
      const [bset, hset] = [new Set(be.map(key)), new Set(he.map(key))];
      for (const v of be) if (!hset.has(key(v))) this.add("enum-value-removed", bp, hp, `enum value ${show(v)} removed`);
      for (const v of he) if (!bset.has(key(v))) this.add("enum-value-added", bp, hp, `enum value ${show(v)} added`);
    } else if (Array.isArray(he)) this.add("enum-added", bp, hp, `now limited to ${he.map(show).join(", ")}`);
    else if (Array.isArray(be)) this.add("enum-removed", bp, hp, `no longer limited to ${be.map(show).join(", ")}`);
    const [bc, hc] = ["const" in bs, "const" in hs];
    if (bc && hc && !same(bs["const"], hs["const"])) this.add("const-changed", bp, hp, `const ${show(bs["const"])} → ${show(hs["const"])}`);
    else if (hc && !bc) this.add("const-added", bp, hp, `now fixed to ${show(hs["const"])}`);
    else if (bc && !hc) this.add("const-removed", bp, hp, `no longer fixed to ${show(bs["const"])}`);
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
    if (bm !== hm && (typeof bm === "number" || typeof hm === "number")) {
      // Multiples of the new step include all old ones exactly when it divides the old step.
      const looser = typeof hm !== "number" || (typeof bm === "number" && Number.isInteger(bm / hm));
      this.add(looser ? "multiple-of-loosened" : "multiple-of-tightened", bp, hp, `multipleOf ${show(bm)} → ${show(hm)}`);
    }
  }

  private objects(bs: SchemaObject, hs: SchemaObject, bp: string, hp: string, bDoc: string, hDoc: string): void {
    const [br, hr] = [stringSet(bs["required"]), stringSet(hs["required"])];
    for (const name of hr) if (!br.has(name)) this.add("required-added", bp, hp, `property ${show(name)} is now required`);
    for (const name of br) if (!hr.has(name)) this.add("required-removed", bp, hp, `property ${show(name)} is no longer required`);
    const [bprops, hprops] = [objectOf(bs["properties"]), objectOf(hs["properties"])];
    const [bClosed, hClosed] = [closed(bs), closed(hs)];
    for (const [name, schema] of Object.entries(bprops)) {
      const bpp = joinPointer(bp, "properties", name);
      if (name in hprops) this.node(schema, hprops[name], bpp, joinPointer(hp, "properties", name), bDoc, hDoc);
      else if (schema === false) {
        if (!hClosed) this.add("schema-opened", bpp, hp, `property ${show(name)} was forbidden, and is accepted now`);
      } else if ((schema as SchemaObject | null)?.["deprecated"] === true) this.add("deprecated-property-removed", bpp, hp, `deprecated property ${show(name)} removed`);
      else if (hClosed) this.add("property-removed-closed", bpp, hp, `property ${show(name)} removed; data that has it is refused`);
      else this.add("property-removed-open", bpp, hp, `property ${show(name)} removed; any value of it is accepted`);
    }
    for (const name of Object.keys(hprops)) {
      if (name in bprops) continue;
      const hpp = joinPointer(hp, "properties", name);
      if (hprops[name] === false) {
        if (!bClosed) this.add("property-forbidden", bp, hpp, `property ${show(name)} is forbidden now`);
      } else if (bClosed) this.add("property-added-closed", bp, hpp, `property ${show(name)} added to a closed object`);
      else if (!hr.has(name)) this.add("optional-property-added", bp, hpp, `optional property ${show(name)} added`);
    }
    this.rest("additionalProperties", "additional-properties-closed", "additional-properties-opened", bs, hs, bp, hp, bDoc, hDoc);
    this.rest("unevaluatedProperties", "unevaluated-properties-closed", "unevaluated-properties-opened", bs, hs, bp, hp, bDoc, hDoc);
  }

  private arrays(bs: SchemaObject, hs: SchemaObject, bp: string, hp: string, bDoc: string, hDoc: string): void {
    const tuple = (keyword: string) => {
      const [b, h] = [bs[keyword], hs[keyword]];
      if (!Array.isArray(b) || !Array.isArray(h)) return;
      for (let i = 0; i < Math.min(b.length, h.length); i++) this.node(b[i], h[i], joinPointer(bp, keyword, i), joinPointer(hp, keyword, i), bDoc, hDoc);
    };
    tuple("prefixItems");
    if (Array.isArray(bs["items"]) || Array.isArray(hs["items"])) tuple("items");
    else this.rest("items", "items-closed", "items-opened", bs, hs, bp, hp, bDoc, hDoc);
    this.rest("additionalItems", "items-closed", "items-opened", bs, hs, bp, hp, bDoc, hDoc);
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

  private branches(keyword: "allOf" | "anyOf" | "oneOf", bs: SchemaObject, hs: SchemaObject, bp: string, hp: string, bDoc: string, hDoc: string): void {
    const [b, h] = [Array.isArray(bs[keyword]) ? (bs[keyword] as unknown[]) : [], Array.isArray(hs[keyword]) ? (hs[keyword] as unknown[]) : []];
    if (b.length === 0 && h.length === 0) return;
    if (b.length === h.length) {
      b.forEach((branch, i) => this.node(branch, h[i], joinPointer(bp, keyword, i), joinPointer(hp, keyword, i), bDoc, hDoc));
      return;
    }
    // Branches added or removed: match the rest by content, and report those without a twin.
    const [removed, added] = keyword === "allOf" ? (["constraint-removed", "constraint-added"] as const) : (["union-branch-removed", "union-branch-added"] as const);
    const hkeys = h.map(key);
    const bkeys = b.map(key);
    b.forEach((branch, i) => {
      if (!hkeys.includes(bkeys[i]!)) this.add(removed, joinPointer(bp, keyword, i), hp, `${keyword} branch ${i} removed`);
    });
    h.forEach((branch, i) => {
      if (!bkeys.includes(hkeys[i]!)) this.add(added, bp, joinPointer(hp, keyword, i), `${keyword} branch ${i} added`);
    });
  }

  /** Definitions: compared by key; at the root of the contract's own document, one gone or new is reported. */
  private definitions(container: "$defs" | "definitions", bs: SchemaObject, hs: SchemaObject, bp: string, hp: string, bDoc: string, hDoc: string): void {
    const [bd, hd] = [objectOf(bs[container]), objectOf(hs[container])];
    const exported = bp === "" && hp === "";
    for (const [name, schema] of Object.entries(bd)) {
      const [bdp, hdp] = [joinPointer(bp, container, name), joinPointer(hp, container, name)];
      if (name in hd) this.node(schema, hd[name], bdp, hdp, bDoc, hDoc);
      // An embedded document is another contract, whose changes are its own report's.
      else if (exported && (schema as SchemaObject | null)?.["$id"] === undefined) this.add("definition-removed", bdp, undefined, `definition ${show(name)} removed`);
    }
    if (!exported) return;
    for (const [name, schema] of Object.entries(hd)) {
      if (!(name in bd) && (schema as SchemaObject | null)?.["$id"] === undefined) this.add("definition-added", undefined, joinPointer(hp, container, name), `definition ${show(name)} added`);
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

function closed(s: SchemaObject): boolean {
  return s["additionalProperties"] === false || s["unevaluatedProperties"] === false;
}

function onlyReference(s: SchemaObject): boolean {
  return Object.keys(s).every((k) => NOT_ASSERTIONS.has(k));
}

/** The JSON types a schema admits by its `type` keyword (all of them when absent). */
function typesOf(s: SchemaObject): Set<string> {
  const declared = typeof s["type"] === "string" ? [s["type"]] : Array.isArray(s["type"]) ? (s["type"] as unknown[]).filter((t): t is string => typeof t === "string") : undefined;
  return new Set(declared ?? JSON_TYPES);
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
