import type { ResolvedGraph } from "./resolved-graph.js";

/** `rootKey` and every document it reaches through resolved references. */
export function documentClosure(graph: ResolvedGraph, rootKey: string): Set<string> {
  const seen = new Set([rootKey]);
  const stack = [rootKey];
  while (stack.length > 0) {
    for (const next of graph.documents.get(stack.pop()!)?.dependencies ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        stack.push(next);
      }
    }
  }
  return seen;
}
