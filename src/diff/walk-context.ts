import { joinPointer } from "../core/json-pointer.js";
import type { Side } from "../schema/bundle-side.js";
import type { SchemaPair, SiteName, Sites } from "./rules/rule.js";

/** Where the walk stands in one version: a pointer into the bundle, and the embedded document it is in ("" for the contract's own), against which `#...` references resolve. */
export interface Place {
  pointer: string;
  doc: string;
}

/** The places in base and head whose schemas are compared. */
export interface Places {
  base: Place;
  head: Place;
}

/** Where a finding is reported: a pointer into either version, absent for what one lacks. */
export interface Pointers {
  base?: string;
  head?: string;
}

/** Two schemas (neither `false`, neither with a `$ref` that the walk follows instead), and where they are. */
export interface Pair extends SchemaPair {
  at: Places;
}

/**
 * The comparison as its steps see it: the two sides, a way to compare two
 * subschemas (which descends, once per pair of places), and a way to ask the
 * rules of a site, which report at the pointers given.
 */
export interface Walk {
  readonly base: Side;
  readonly head: Side;
  compare(base: unknown, head: unknown, at: Places): void;
  /** Asks the site's rules; returns how many findings they made. */
  check<S extends SiteName>(site: S, subject: Sites[S], at: Pointers): number;
}

/** Both places, one step further on each side (`properties`, then a name). */
export function below(at: Places, ...tokens: (string | number)[]): Places {
  return {
    base: { ...at.base, pointer: joinPointer(at.base.pointer, ...tokens) },
    head: { ...at.head, pointer: joinPointer(at.head.pointer, ...tokens) },
  };
}

/** The same documents, at other pointers: where a schema is paired with one elsewhere (a property with what governs unnamed members). */
export function moved(at: Places, base: string, head: string): Places {
  return { base: { ...at.base, pointer: base }, head: { ...at.head, pointer: head } };
}

/** The pointers of both places, where findings about the pair itself are reported. */
export function pointersOf(at: Places): Pointers {
  return { base: at.base.pointer, head: at.head.pointer };
}
