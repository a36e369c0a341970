import { isWithin } from "../../../core/json-pointer.js";

/**
 * Where the subschemas the validation form adds or moves stand in the
 * published bundle: a pointer in the form to the pointer in the bundle it
 * stands for (or `uri#pointer` in an official meta-schema). A violation's
 * schema path is rewritten through the longest key it lies under, so that it
 * names a place a reader of `schemas/<name>.schema.json` can follow.
 */
export type Origins = Map<string, string>;

/** `pointer` in the validation form as the place it stands for in the bundle. */
export function originOf(origins: ReadonlyMap<string, string>, pointer: string): string {
  let best: string | undefined;
  for (const key of origins.keys()) if (isWithin(pointer, key) && (best === undefined || key.length > best.length)) best = key;
  return best === undefined ? pointer : origins.get(best)! + pointer.slice(best.length);
}
