import { isWithin, joinPointer } from "../../core/json-pointer.js";
import type { ResolvedGraph } from "../../schema/resolved-graph.js";
import type { SchemaDocument } from "../../schema/schema-document.js";
import type { Bundle } from "./bundle-contract.js";

/**
 * The source document a place in a bundle was copied from, and the place in
 * it: an embedded document's, under the `$defs` key the bundle gave it, or
 * else the contract's own. A place that is no pointer of the bundle stays
 * as it is, in the contract's document.
 */
export function placeInSources(
  graph: ResolvedGraph,
  bundle: Bundle,
  where: string,
): { document: SchemaDocument; pointer: string } {
  let key = bundle.key;
  let pointer = where;
  for (const [documentKey, defsKey] of bundle.embeddedUnder) {
    const prefix = joinPointer("/$defs", defsKey);
    if (isWithin(where, prefix)) {
      key = documentKey;
      pointer = where.slice(prefix.length);
    }
  }
  return { document: graph.documents.get(key)!.document, pointer };
}
