import type { RuleId } from "../rules.js";
import type { BranchKeyword, LimitKeyword, RestKeyword } from "../keywords.js";
import { show, type SchemaObject } from "../schema-values.js";

/** Two schemas at the same place of the base and head versions. */
export interface SchemaPair {
  base: SchemaObject;
  head: SchemaObject;
}

/** A subschema that one version has and the other lacks: a branch of `allOf`/`anyOf`/`oneOf`, or a `not`, `if`, `then`, `else`. */
export interface Subschema {
  keyword: string;
  /** The branch's index, for a branch list. */
  index?: number;
  value: unknown;
}

/**
 * The places the walk of two schemas stops to ask the rules, and what it hands
 * them there. The walk pairs the schemas and knows where each finding goes;
 * a rule only says whether its change is there, and in what words.
 */
export interface Sites {
  /** One side is the `false` schema (a schema pair that is `false` on neither side goes on to the sites below). */
  "false-schema": { base: unknown; head: unknown };
  /** A side's `$ref` leads nowhere charter can follow, so the targets cannot be compared. */
  "unresolved-reference": SchemaPair;
  /** What a schema says of the value itself: annotations, `type`, `enum`/`const`, `pattern`, `format`, `uniqueItems`. */
  schema: SchemaPair;
  /** One numeric limit (a bound, or `multipleOf`), in the order of LIMIT_KEYWORDS. */
  limit: SchemaPair & { keyword: LimitKeyword };
  /** What an object requires, before its properties are paired. */
  required: SchemaPair;
  /** A property only base names; `rest` is what governs its name in head (`true`, `false` or a schema). */
  "property-gone": { name: string; schema: unknown; rest: unknown };
  /** A property only head names; `rest` is what governed its name in base; `required` whether head requires it. */
  "property-new": { name: string; schema: unknown; rest: unknown; required: boolean };
  /** A rest keyword that is `false` on a side (otherwise both are compared as schemas). */
  rest: { keyword: RestKeyword; base: unknown; head: unknown };
  /** A subschema base has and head does not: an unmatched branch, or a `not`/`if`/`then`/`else` that changed or went. */
  "subschema-gone": Subschema & { keyword: BranchKeyword | "not" | "if" | "then" | "else" };
  /** A subschema head has and base does not. */
  "subschema-new": Subschema & { keyword: BranchKeyword | "not" | "if" | "then" | "else" };
  /** What properties require of each other (`dependentRequired`, draft-07 `dependencies`), after the subschemas are compared. */
  dependencies: SchemaPair;
  /** A definition only base has; `exported` when it is one of the contract's own top-level definitions. */
  "definition-gone": { name: string; exported: boolean };
  /** A definition only head has. */
  "definition-new": { name: string; exported: boolean };
}

export type SiteName = keyof Sites;

/** Reports the rule's finding, at the place the walk stands, in these words. */
export type Report = (message: string) => void;

/** One rule: the finding it reports, where the walk asks it, and the test. */
export interface SiteRule<S extends SiteName> {
  id: RuleId;
  site: S;
  check(subject: Sites[S], report: Report): void;
}

export type SchemaRule = { [S in SiteName]: SiteRule<S> }[SiteName];

/** A rule, its site inferred from `site` (so `check` is typed by it). */
export function schemaRule<S extends SiteName>(rule: SiteRule<S>): SchemaRule {
  return rule as unknown as SchemaRule;
}

/** How a finding about a subschema names it: a branch by its index, anything else by its value. */
export function describeSubschema(subject: Subschema, change: "removed" | "added"): string {
  return subject.index !== undefined
    ? `${subject.keyword} branch ${subject.index} ${change}`
    : `${subject.keyword} ${show(subject.value)} ${change}`;
}
