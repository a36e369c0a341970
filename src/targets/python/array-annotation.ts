import { isJsonObject, type JsonObject } from "../../core/json-object.js";
import type { JsonValue } from "../../core/json-value.js";
import type { Dialect } from "../../schema/dialect.js";

/** Tuples of more lengths than this are a list of the places' union instead (the union would grow past reading). */
const MOST_LENGTHS = 4;

/**
 * The annotation of an array schema. A closed tuple (`prefixItems` with `items: false`, or
 * draft-04 to 2019-09's array `items` with `additionalItems: false`) is a union of `tuple[...]`,
 * one per length `minItems` and `maxItems` allow: JSON Schema takes an array shorter than its
 * places. An open tuple is a list whose members are any place's type or the rest's (pydantic
 * reads no `tuple[A, *tuple[B, ...]]`); so is a closed one of more than four lengths.
 */
export function arrayAnnotation(
  s: JsonObject,
  dialect: Dialect | undefined,
  annotate: (schema: JsonValue | undefined) => string,
  constrained: (base: string, constraints: Record<string, JsonValue | undefined>) => string,
  union: (parts: readonly string[]) => string,
): string {
  const sizes = { min_length: s["minItems"], max_length: s["maxItems"] };
  const tuple = tupleParts(s, dialect);
  if (tuple === undefined)
    return constrained(`list[${isJsonObject(s["items"]) ? annotate(s["items"]) : "Any"}]`, sizes);
  const places = tuple.places.map((place) => annotate(place));
  if (tuple.rest === false) {
    const min = typeof s["minItems"] === "number" ? Math.max(0, Math.ceil(s["minItems"])) : 0;
    const max = typeof s["maxItems"] === "number" ? Math.min(places.length, Math.floor(s["maxItems"])) : places.length;
    if (min <= max && max - min < MOST_LENGTHS) {
      const lengths = Array.from({ length: max - min + 1 }, (_, i) => max - i);
      return union(lengths.map((n) => (n === 0 ? "tuple[()]" : `tuple[${places.slice(0, n).join(", ")}]`)));
    }
    return constrained(`list[${places.length === 0 ? "Any" : union(places)}]`, { ...sizes, max_length: max });
  }
  return constrained(`list[${union([...places, annotate(tuple.rest)])}]`, sizes);
}

/** A tuple's places and what follows them (`false`: nothing), or undefined when the array is no tuple. */
function tupleParts(
  s: JsonObject,
  dialect: Dialect | undefined,
): { places: JsonValue[]; rest: JsonValue | undefined } | undefined {
  if (dialect === "2020-12" || (dialect === undefined && Array.isArray(s["prefixItems"]))) {
    const places = s["prefixItems"];
    return Array.isArray(places) ? { places, rest: s["items"] } : undefined;
  }
  const places = s["items"];
  return Array.isArray(places) ? { places, rest: s["additionalItems"] } : undefined;
}
