import { defineKey, isJsonObject, replaceContents, type JsonObject } from "../../core/json-object.js";
import { getAtPointer } from "../../core/json-pointer.js";
import type { JsonValue } from "../../core/json-value.js";
import { idKeyword, refHidesSiblings } from "../../schema/dialect.js";
import type { IndexedDocument } from "../../schema/resolved-graph.js";

/**
 * A reference that names nothing is in a produced bundle only where no
 * evaluation from the contract's root reaches it (reachable-references.ts).
 * It cannot stay as written, pointing at nothing, nor be dropped, which would
 * accept whatever gets there: it becomes `not` of a schema whose `$comment`
 * names it (in `allOf`, beside a `not` the schema has), so a validator that
 * does get there refuses the value. Before 2019-09 the reference hid its
 * siblings; its `$id` would now declare a resource, so it goes. Changes
 * `copy`, the document's copy made for the bundle, in place, and returns it.
 */
export function refuseDanglingReferences(entry: IndexedDocument, copy: JsonValue): JsonValue {
  for (const { site, dangling } of entry.references) {
    if (!dangling) continue;
    const holder = getAtPointer(copy, site.pointer) as JsonValue | undefined;
    if (!isJsonObject(holder) || typeof holder[site.keyword] !== "string") continue;
    const refusal: JsonObject = {
      $comment: `charter: ${site.keyword} ${JSON.stringify(site.value)} names nothing, and no evaluation from the root reaches it; a value that gets here is refused`,
    };
    const hidden = refHidesSiblings(entry.document.dialect) ? idKeyword(entry.document.dialect) : undefined;
    const rebuilt: JsonObject = {};
    for (const [key, value] of Object.entries(holder)) {
      if (key === hidden) continue;
      if (key !== site.keyword) defineKey(rebuilt, key, value);
      else if (holder["not"] === undefined) defineKey(rebuilt, "not", refusal);
    }
    if (holder["not"] !== undefined)
      rebuilt["allOf"] = [...(Array.isArray(holder["allOf"]) ? holder["allOf"] : []), { not: refusal }];
    replaceContents(holder, rebuilt);
  }
  return copy;
}
