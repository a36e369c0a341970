/**
 * The walk of two bundles in step: the same keyword at the same place,
 * properties by name, definitions by key; where a `$ref` changed, what each
 * side's reference leads to is compared instead. At each place it asks the
 * rules of src/diff/rules/ (by site, in registry order) what changed there.
 */
import { escapeToken, pointerToFragment } from "../core/json-pointer.js";
import { documentIdOf, resolveReference, type Side } from "../schema/bundle-side.js";
import { BRANCH_KEYWORDS, DEFINITIONS_KEYWORDS, LIMIT_KEYWORDS, NOT_ASSERTIONS } from "./keywords.js";
import { rulesAt } from "./rules/registry.js";
import type { SiteName, Sites } from "./rules/rule.js";
import { RULES, type Finding, type RuleId } from "./rules.js";
import { isObject, type SchemaObject } from "./schema-values.js";
import { branches, conditions, definitions } from "./walk-composition.js";
import { pointersOf, type Pair, type Places, type Pointers, type Walk } from "./walk-context.js";
import { arrays, dependencies, objects, subschemas } from "./walk-members.js";

export class SchemaWalk implements Walk {
  readonly findings: Finding[] = [];
  /** Pairs of places already compared: each is compared once, which also ends the walk of a recursive schema. */
  private readonly seen = new Set<string>();

  constructor(
    private readonly contract: string,
    readonly base: Side,
    readonly head: Side,
  ) {}

  compare(b: unknown, h: unknown, at: Places): void {
    const key = `${at.base.pointer}\u0000${at.head.pointer}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    if (b === false || h === false) {
      this.check("false-schema", { base: b, head: h }, pointersOf(at));
      return;
    }
    const bs: SchemaObject = isObject(b) ? b : {};
    const hs: SchemaObject = isObject(h) ? h : {};
    // A schema that starts an embedded document is the one its `#...` references resolve in.
    const bDoc =
      this.base.documents.has(documentIdOf(this.base, bs)) && at.base.pointer !== "" ? at.base.pointer : at.base.doc;
    const hDoc =
      this.head.documents.has(documentIdOf(this.head, hs)) && at.head.pointer !== "" ? at.head.pointer : at.head.doc;
    const pair: Pair = {
      base: bs,
      head: hs,
      at: { base: { pointer: at.base.pointer, doc: bDoc }, head: { pointer: at.head.pointer, doc: hDoc } },
    };
    if (bs["$ref"] !== undefined || hs["$ref"] !== undefined) references(this, pair);
    else keywords(this, pair);
  }

  check<S extends SiteName>(site: S, subject: Sites[S], at: Pointers): number {
    let reported = 0;
    for (const rule of rulesAt(site)) {
      rule.check(subject, (message) => {
        this.add(rule.id, at, message, changedKeyword(rule.id, site, subject));
        reported++;
      });
    }
    return reported;
  }

  private add(rule: RuleId, at: Pointers, message: string, keyword: string | undefined): void {
    for (const category of RULES[rule].categories) {
      const finding: Finding = { rule, category, contract: this.contract, message };
      if (at.base !== undefined) finding.basePointer = `#${pointerToFragment(at.base)}`;
      if (at.head !== undefined) finding.headPointer = `#${pointerToFragment(at.head)}`;
      if (keyword !== undefined) finding.keyword = keyword;
      this.findings.push(finding);
    }
  }
}

/** The keywords the rules of the `schema` site compare, by the start of their ids. */
const SCHEMA_SITE_KEYWORDS: readonly [RegExp, string][] = [
  [/^enum-/, "enum"],
  [/^format-/, "format"],
  [/^pattern-/, "pattern"],
  [/^(type-|null-allowed)/, "type"],
  [/^description-/, "description"],
  [/^default-/, "default"],
  [/^property-deprecated/, "deprecated"],
];

/**
 * The keyword that changed, relative to the schema the finding is reported at, where the site
 * or the rule says it: so that charter diff points at `maxLength:`, not at the schema's start.
 */
function changedKeyword<S extends SiteName>(rule: RuleId, site: S, subject: Sites[S]): string | undefined {
  const s = subject as Partial<{ keyword: string; index: number; name: string }>;
  switch (site) {
    case "limit":
    case "rest":
      return s.keyword;
    case "required":
      return "required";
    case "subschema-gone":
    case "subschema-new":
      return s.index !== undefined ? `${s.keyword}/${s.index}` : s.keyword;
    case "property-gone":
    case "property-new":
      return `properties/${escapeToken(s.name!)}`;
    case "schema":
      return SCHEMA_SITE_KEYWORDS.find(([id]) => id.test(rule))?.[1];
    default:
      return undefined;
  }
}

/** Every keyword of two schemas without `$ref`, in this order: what the schema says of the value, then what it holds. */
function keywords(walk: Walk, pair: Pair): void {
  const here = pointersOf(pair.at);
  walk.check("schema", pair, here);
  for (const keyword of LIMIT_KEYWORDS) walk.check("limit", { base: pair.base, head: pair.head, keyword }, here);
  objects(walk, pair);
  arrays(walk, pair);
  for (const keyword of BRANCH_KEYWORDS) branches(walk, pair, keyword);
  conditions(walk, pair);
  subschemas(walk, pair);
  dependencies(walk, pair);
  for (const container of DEFINITIONS_KEYWORDS) definitions(walk, pair, container);
}

/**
 * Where a side has a `$ref`: what it leads to is compared with what the
 * other side leads to (its own target, or the schema written in its place),
 * then the keywords beside the references, each side's alone.
 */
function references(walk: Walk, pair: Pair): void {
  const { base: bs, head: hs, at } = pair;
  const bt = typeof bs["$ref"] === "string" ? resolveReference(walk.base, bs["$ref"], at.base.doc) : undefined;
  const ht = typeof hs["$ref"] === "string" ? resolveReference(walk.head, hs["$ref"], at.head.doc) : undefined;
  const [bRef, hRef] = [bs["$ref"] !== undefined, hs["$ref"] !== undefined];
  if ((bRef && bt === undefined) || (hRef && ht === undefined)) {
    walk.check("unresolved-reference", pair, pointersOf(at));
    return;
  }
  const without = (s: SchemaObject) => Object.fromEntries(Object.entries(s).filter(([k]) => k !== "$ref"));
  // The same reference into the contract's own document: its target is compared where it stands (definitions are walked).
  const sameLocal = bs["$ref"] === hs["$ref"] && bt !== undefined && ht !== undefined && bt.doc === "" && ht.doc === "";
  if (!sameLocal) {
    const targets: Places = {
      base: bt ? { pointer: bt.pointer, doc: bt.doc } : at.base,
      head: ht ? { pointer: ht.pointer, doc: ht.doc } : at.head,
    };
    walk.compare(bt ? bt.schema : without(bs), ht ? ht.schema : without(hs), targets);
  }
  // Beside the references: a side without one was compared whole above, so only its definitions remain.
  const definitionsOf = (s: SchemaObject) =>
    Object.fromEntries(Object.entries(s).filter(([k]) => (DEFINITIONS_KEYWORDS as readonly string[]).includes(k)));
  const [bSide, hSide] = [bRef ? without(bs) : definitionsOf(bs), hRef ? without(hs) : definitionsOf(hs)];
  const hasDefinitions = DEFINITIONS_KEYWORDS.some((k) => k in bSide || k in hSide);
  const onlyReference = (s: SchemaObject) => Object.keys(s).every((k) => NOT_ASSERTIONS.has(k));
  if (hasDefinitions || !onlyReference(bSide) || !onlyReference(hSide))
    keywords(walk, { base: bSide, head: hSide, at });
}
