import { isJsonObject } from "../../core/json-object.js";
import type { JsonValue } from "../../core/json-value.js";
import type { DocsContract } from "./docs-input.js";
import { referenceTarget } from "./schema-references.js";

/**
 * The contracts a contract refers to itself, not through another: the references of its own
 * schema resource, whose absolute targets are other contracts' `$id`s. The documents bundled
 * under `$defs` (each a resource with its own `$id`) are the others' business; the manifest's
 * `embeds` lists them all, transitively, which draws a graph of every path instead of each edge.
 */
export function directUses(contract: DocsContract, contractsById: ReadonlyMap<string, string>): string[] {
  const found = new Set<string>();
  const visit = (value: JsonValue, root: boolean) => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item, false);
      return;
    }
    if (!isJsonObject(value)) return;
    if (!root && typeof value["$id"] === "string") return;
    for (const [key, member] of Object.entries(value)) {
      if (key === "$ref" && typeof member === "string") {
        const target = referenceTarget(member, contract.name, contractsById);
        if (target !== undefined && target.contract !== contract.name) found.add(target.contract);
      } else if (!DATA_KEYS.has(key)) visit(member, false);
    }
  };
  visit(contract.schema, true);
  return [...found].sort();
}

/** Keywords whose values are data, not schemas: a `$ref` key inside them refers to nothing. */
const DATA_KEYS: ReadonlySet<string> = new Set(["const", "enum", "default", "examples"]);
