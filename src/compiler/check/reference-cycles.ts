import { diagnosticAt, type Diagnostic } from "../../core/diagnostic.js";
import { joinPointer } from "../../core/json-pointer.js";
import type { ResolvedGraph } from "../../schema/resolved-graph.js";
import { walkSchema } from "../../schema/walk-schema.js";
import { CHECK_CODES } from "./codes.js";

/** Keywords whose subschemas apply to the same value as their parent. */
const IN_PLACE_LISTS = ["allOf", "anyOf", "oneOf"];
const IN_PLACE_SINGLES = ["not", "if", "then", "else"];
/**
 * Of those, the ones ajv evaluates on every value that reaches their parent (with `$ref`): its code
 * for `anyOf` runs every branch too (measured: `anyOf: [{type: string}, <cycle>]` overflows on "").
 */
const UNCONDITIONAL = new Set(["allOf", "anyOf", "oneOf", "not", "if"]);

interface Edge {
  to: string;
  unconditional: boolean;
}

export interface CycleVerdict {
  diagnostics: Diagnostic[];
  /** Keys of the contracts whose root applies a cycle to every value: they are not produced. */
  failing: Set<string>;
}

/**
 * Schemas that apply themselves to the value they check, through `$ref` and
 * the keywords that apply a subschema to the same value (`allOf`, `not`,
 * `if`, ...): `a: {$ref: b}`, `b: {allOf: [{$ref: a}]}`. Validating a value
 * that reaches one recurses forever. A cycle every value reaches (each of its
 * schemas applied to the root's value through `$ref`, `allOf`, `anyOf`,
 * `oneOf`, `not` and `if` alone) makes its contract useless: an error, and the
 * contract is not produced. Any other cycle (behind a property, an item,
 * `then`/`else`, `dependentSchemas`, or in a definition the root does not apply)
 * is a warning: ajv compiles such a schema, and the runtime answers "cannot
 * judge" for a value that reaches it. A cycle of `$ref` alone stays an error
 * wherever it is: ajv cannot compile it. Each cycle is reported once, at its
 * first `$ref` in each source it passes through.
 */
export function referenceCycles(graph: ResolvedGraph, sourceKeys: ReadonlySet<string>): CycleVerdict {
  const { next, refs } = inPlaceGraph(graph);
  const appliedToRoot = new Map([...sourceKeys].map((key) => [key, unconditionalClosure(next, `${key}#`)]));
  const verdict: CycleVerdict = { diagnostics: [], failing: new Set() };
  for (const cycle of findCycles(next)) {
    const sites = cycle.filter((node) => refs.has(node)).map((node) => refs.get(node)!);
    if (sites.length === 0) continue;
    // ajv follows a schema of only `$ref` to its target when it compiles: a cycle of them overflows its stack.
    const referencesOnly = cycle.every((node, i) => refs.get(node)?.target === cycle[(i + 1) % cycle.length]);
    // As before this rule: a cycle of references fails the sources it passes through.
    const failing = referencesOnly
      ? sites.map((site) => site.documentKey).filter((key) => sourceKeys.has(key))
      : [...appliedToRoot].filter(([, applied]) => cycle.every((node) => applied.has(node))).map(([key]) => key);
    for (const key of failing) verdict.failing.add(key);
    const described = cycle.map((node) => node.slice(node.indexOf("#") + 1) || "the root").join(" -> ");
    const message = referencesOnly
      ? `$ref cycle that never reaches a schema: ${described} -> back; only references, which ajv cannot compile`
      : failing.length > 0
        ? `$ref cycle that never reaches a schema, applied to every value: ${described} -> back`
        : `$ref cycle that never reaches a schema: ${described} -> back; a value that reaches it cannot be judged`;
    const reported = new Set<string>();
    for (const { documentKey, pointer } of sites) {
      if (!sourceKeys.has(documentKey) || reported.has(documentKey)) continue;
      reported.add(documentKey);
      const document = graph.documents.get(documentKey)!.document;
      const at = joinPointer(pointer, "$ref");
      const severity = referencesOnly || failing.length > 0 ? "error" : "warning";
      verdict.diagnostics.push(
        diagnosticAt(severity, CHECK_CODES.referenceCycle, message, {
          file: document.file,
          position: document.positions.get(at),
          pointer: at,
        }),
      );
    }
  }
  return verdict;
}

/** The edges between schemas that apply to the same value, and the `$ref` sites among them. */
function inPlaceGraph(graph: ResolvedGraph) {
  const next = new Map<string, Edge[]>();
  const refs = new Map<string, { documentKey: string; pointer: string; target: string }>();
  const edge = (from: string, to: string, unconditional: boolean) => {
    let list = next.get(from);
    if (!list) next.set(from, (list = []));
    list.push({ to, unconditional });
  };
  for (const [documentKey, entry] of graph.documents) {
    walkSchema(entry.document.value, undefined, (schema, pointer) => {
      const from = `${documentKey}#${pointer}`;
      for (const keyword of IN_PLACE_LISTS) {
        const list = schema[keyword];
        if (Array.isArray(list))
          list.forEach((_, index) =>
            edge(from, `${documentKey}#${joinPointer(pointer, keyword, index)}`, UNCONDITIONAL.has(keyword)),
          );
      }
      for (const keyword of IN_PLACE_SINGLES)
        if (keyword in schema)
          edge(from, `${documentKey}#${joinPointer(pointer, keyword)}`, UNCONDITIONAL.has(keyword));
      const dependent = schema["dependentSchemas"];
      if (dependent && typeof dependent === "object" && !Array.isArray(dependent)) {
        for (const name of Object.keys(dependent))
          edge(from, `${documentKey}#${joinPointer(pointer, "dependentSchemas", name)}`, false);
      }
      return undefined;
    });
    for (const reference of entry.references) {
      if (reference.site.keyword !== "$ref" || !reference.target) continue;
      const site = `${documentKey}#${reference.site.pointer}`;
      const target = `${reference.target.documentKey}#${reference.target.pointer}`;
      edge(site, target, true);
      refs.set(site, { documentKey, pointer: reference.site.pointer, target });
    }
  }
  return { next, refs };
}

/** The schemas applied to every value `start` is applied to. */
function unconditionalClosure(next: ReadonlyMap<string, Edge[]>, start: string): Set<string> {
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length > 0) {
    for (const { to, unconditional } of next.get(queue.pop()!) ?? [])
      if (unconditional && !seen.has(to)) {
        seen.add(to);
        queue.push(to);
      }
  }
  return seen;
}

/** Depth-first, iteratively (documents nest deeply): a successor still on the path closes a cycle. */
function findCycles(next: ReadonlyMap<string, Edge[]>): string[][] {
  const state = new Map<string, "open" | "done">();
  const cycles: string[][] = [];
  for (const start of [...next.keys()].sort()) {
    if (state.has(start)) continue;
    const path: string[] = [start];
    const stack: { node: string; index: number }[] = [{ node: start, index: 0 }];
    state.set(start, "open");
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const successors = next.get(top.node) ?? [];
      if (top.index >= successors.length) {
        state.set(top.node, "done");
        stack.pop();
        path.pop();
        continue;
      }
      const successor = successors[top.index++]!.to;
      const seen = state.get(successor);
      if (seen === "open") cycles.push(path.slice(path.indexOf(successor)));
      else if (seen === undefined) {
        state.set(successor, "open");
        path.push(successor);
        stack.push({ node: successor, index: 0 });
      }
    }
  }
  return cycles;
}
