import { isWithin, pointerToFragment } from "../../../core/json-pointer.js";

/**
 * Where the subschemas the validation form adds or moves stand in the
 * published bundle: a pointer in the form to the pointer in the bundle it
 * stands for, or to `uri#fragment` in an official meta-schema. A violation's
 * schema path is rewritten through the longest key it lies under, so that it
 * names a place a reader of `schemas/<name>.schema.json` can follow.
 */
export type Origins = Map<string, string>;

/** `pointer` in the validation form as the place it stands for: a pointer in the bundle, or a meta-schema's URI with a fragment. */
export function originOf(origins: ReadonlyMap<string, string>, pointer: string): string {
  let best: string | undefined;
  for (const key of origins.keys())
    if (isWithin(pointer, key) && (best === undefined || key.length > best.length)) best = key;
  if (best === undefined) return pointer;
  const origin = origins.get(best)!;
  const rest = pointer.slice(best.length);
  if (isPointer(origin)) return origin + rest;
  return (origin.includes("#") ? origin : origin + "#") + pointerToFragment(rest);
}

/** Whether an origin is a pointer into the bundle (not a URI). */
export function isPointer(origin: string): boolean {
  return origin === "" || origin.startsWith("/");
}
