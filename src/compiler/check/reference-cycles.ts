import { errorAt, type Diagnostic } from "../diagnostic.js";
import { joinPointer } from "../json-pointer.js";
import type { ResolvedGraph } from "../resolve/resolve-references.js";
import { CHECK_CODES } from "./codes.js";

/**
 * `$ref` chains that come back to where they started: `a: {$ref: b}`,
 * `b: {$ref: a}`. A `$ref` applies to the whole value its schema sees, so
 * such a cycle recurses forever whatever the data (ajv overflows its stack
 * compiling it). Each cycle is reported once per source it passes through,
 * at the first of its `$ref`s in that source.
 */
export function referenceCycles(graph: ResolvedGraph, sourceKeys: ReadonlySet<string>): Diagnostic[] {
  const next = new Map<string, { target: string; documentKey: string; pointer: string }>();
  for (const [documentKey, entry] of graph.documents) {
    for (const reference of entry.references) {
      if (reference.site.keyword !== "$ref" || !reference.target) continue;
      next.set(`${documentKey}#${reference.site.pointer}`, { target: `${reference.target.documentKey}#${reference.target.pointer}`, documentKey, pointer: reference.site.pointer });
    }
  }
  const diagnostics: Diagnostic[] = [];
  const reported = new Set<string>();
  const done = new Set<string>();
  for (const start of next.keys()) {
    const path: string[] = [];
    const onPath = new Set<string>();
    let node: string | undefined = start;
    while (node !== undefined && next.has(node) && !done.has(node) && !onPath.has(node)) {
      path.push(node);
      onPath.add(node);
      node = next.get(node)!.target;
    }
    if (node !== undefined && onPath.has(node)) {
      const cycle = path.slice(path.indexOf(node));
      const key = [...cycle].sort().join(" ");
      if (!reported.has(key)) {
        reported.add(key);
        const bySource = new Map<string, { documentKey: string; pointer: string }>();
        for (const member of cycle) {
          const site = next.get(member)!;
          if (sourceKeys.has(site.documentKey) && !bySource.has(site.documentKey)) bySource.set(site.documentKey, site);
        }
        const described = cycle.map((member) => next.get(member)!.pointer || "the root").join(" -> ");
        for (const { documentKey, pointer } of bySource.values()) {
          const document = graph.documents.get(documentKey)!.document;
          const at = joinPointer(pointer, "$ref");
          diagnostics.push(errorAt(CHECK_CODES.referenceCycle, `$ref cycle that never reaches a schema: ${described} -> back`, { file: document.file, position: document.positions.get(at), pointer: at }));
        }
      }
    }
    for (const member of path) done.add(member);
  }
  return diagnostics;
}
