import type { ResolvedGraph } from "./resolved-graph.js";

/**
 * Every place some reference resolves to, as `documentKey#pointer`. A value
 * that a `$ref` names is a schema, wherever it sits: an entry of `examples`
 * that one points at is read as a schema, not as an instance.
 */
export function referencedSchemas(graph: ResolvedGraph): Set<string> {
  const targets = new Set<string>();
  for (const entry of graph.documents.values()) {
    for (const reference of entry.references)
      if (reference.target) targets.add(`${reference.target.documentKey}#${reference.target.pointer}`);
  }
  return targets;
}
