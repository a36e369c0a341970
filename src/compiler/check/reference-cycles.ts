import { errorAt, type Diagnostic } from "../../core/diagnostic.js";
import { joinPointer } from "../../core/json-pointer.js";
import type { ResolvedGraph } from "../../schema/resolved-graph.js";
import { walkSchema } from "../../schema/walk-schema.js";
import { CHECK_CODES } from "./codes.js";

/** Keywords whose subschemas apply to the same value as their parent. */
const IN_PLACE_LISTS = ["allOf", "anyOf", "oneOf"];
const IN_PLACE_SINGLES = ["not", "if", "then", "else"];

/**
 * Schemas that apply themselves to the value they check, through `$ref` and
 * the keywords that apply a subschema to the same value (`allOf`, `not`,
 * `if`, ...): `a: {$ref: b}`, `b: {allOf: [{$ref: a}]}`. Validating anything
 * against them recurses forever (ajv overflows its stack). Each cycle is
 * reported once, at its first `$ref` in each source it passes through.
 */
export function referenceCycles(graph: ResolvedGraph, sourceKeys: ReadonlySet<string>): Diagnostic[] {
  const next = new Map<string, string[]>();
  const refs = new Map<string, { documentKey: string; pointer: string }>();
  const edge = (from: string, to: string) => {
    let list = next.get(from);
    if (!list) next.set(from, (list = []));
    list.push(to);
  };
  for (const [documentKey, entry] of graph.documents) {
    walkSchema(entry.document.value, undefined, (schema, pointer) => {
      for (const keyword of IN_PLACE_LISTS) {
        const list = schema[keyword];
        if (Array.isArray(list))
          list.forEach((_, index) =>
            edge(`${documentKey}#${pointer}`, `${documentKey}#${joinPointer(pointer, keyword, index)}`),
          );
      }
      for (const keyword of IN_PLACE_SINGLES)
        if (keyword in schema) edge(`${documentKey}#${pointer}`, `${documentKey}#${joinPointer(pointer, keyword)}`);
      const dependent = schema["dependentSchemas"];
      if (dependent && typeof dependent === "object" && !Array.isArray(dependent)) {
        for (const name of Object.keys(dependent))
          edge(`${documentKey}#${pointer}`, `${documentKey}#${joinPointer(pointer, "dependentSchemas", name)}`);
      }
      return undefined;
    });
    for (const reference of entry.references) {
      if (reference.site.keyword !== "$ref" || !reference.target) continue;
      const site = `${documentKey}#${reference.site.pointer}`;
      edge(site, `${reference.target.documentKey}#${reference.target.pointer}`);
      refs.set(site, { documentKey, pointer: reference.site.pointer });
    }
  }

  // Depth-first, iteratively (documents nest deeply): a successor still on the path closes a cycle.
  const state = new Map<string, "open" | "done">();
  const cycles: string[][] = [];
  for (const start of [...next.keys()].sort()) {
    if (state.has(start)) continue;
    const path: string[] = [];
    const stack: { node: string; index: number }[] = [{ node: start, index: 0 }];
    state.set(start, "open");
    path.push(start);
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const successors = next.get(top.node) ?? [];
      if (top.index >= successors.length) {
        state.set(top.node, "done");
        stack.pop();
        path.pop();
        continue;
      }
      const successor = successors[top.index++]!;
      const seen = state.get(successor);
      if (seen === "open") cycles.push(path.slice(path.indexOf(successor)));
      else if (seen === undefined) {
        state.set(successor, "open");
        path.push(successor);
        stack.push({ node: successor, index: 0 });
      }
    }
  }

  const diagnostics: Diagnostic[] = [];
  for (const cycle of cycles) {
    const sites = cycle.filter((node) => refs.has(node)).map((node) => refs.get(node)!);
    if (sites.length === 0) continue;
    const described = cycle.map((node) => node.slice(node.indexOf("#") + 1) || "the root").join(" -> ");
    const reported = new Set<string>();
    for (const { documentKey, pointer } of sites) {
      if (!sourceKeys.has(documentKey) || reported.has(documentKey)) continue;
      reported.add(documentKey);
      const document = graph.documents.get(documentKey)!.document;
      const at = joinPointer(pointer, "$ref");
      diagnostics.push(
        errorAt(CHECK_CODES.referenceCycle, `$ref cycle that never reaches a schema: ${described} -> back`, {
          file: document.file,
          position: document.positions.get(at),
          pointer: at,
        }),
      );
    }
  }
  return diagnostics;
}
