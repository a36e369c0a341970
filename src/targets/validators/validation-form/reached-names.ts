import { isJsonObject } from "../../../core/json-object.js";
import type { JsonValue } from "../../../core/json-value.js";
import { appliedSubschemas, childPointer, type Location, type SchemaIndex } from "./schema-index.js";

const REFERENCE_KEYWORDS = ["$ref", "$dynamicRef", "$recursiveRef"] as const;

interface Node {
  key: string;
  names: Set<string>;
  /** Keys of the nodes whose names this one reaches: applied subschemas and reference targets. */
  next: string[];
}

/**
 * For each subschema, the dynamic anchor names its evaluation may look up:
 * those of the bookended dynamic references in it or in whatever it
 * reaches through applicators and references (a dynamic reference reaches
 * every schema that declares its name). Two scopes that bind these names
 * alike give the subschema the same meaning, so it needs no second copy.
 * Reading the references loads the official meta-schemas they name, so the
 * index is complete when this returns.
 */
export function reachedNames(index: SchemaIndex): (location: Location) => ReadonlySet<string> {
  const nodes = new Map<string, Node>();
  const declaring = new Map<string, string[]>();
  const order: Node[] = [];
  // Each document, including those that reading references adds meanwhile.
  for (let d = 0; d < index.docs.length; d++) {
    const doc = index.docs[d]!;
    const visit = (schema: JsonValue, pointer: string): Node => {
      const node: Node = { key: `${doc.id}:${pointer}`, names: new Set(), next: [] };
      nodes.set(node.key, node);
      if (isJsonObject(schema)) {
        for (const keyword of REFERENCE_KEYWORDS) {
          const value = schema[keyword];
          if (typeof value !== "string") continue;
          const target = index.resolve({ doc, pointer }, keyword, value);
          if (!target) continue;
          node.next.push(`${target.location.doc.id}:${target.location.pointer}`);
          if (target.dynamicName !== undefined) {
            node.names.add(target.dynamicName);
            node.next.push(`name:${target.dynamicName}`);
          }
        }
        for (const [child, keyword, token] of appliedSubschemas(schema))
          node.next.push(visit(child, childPointer(pointer, keyword, token)).key);
        const defs = [schema["$defs"], schema["definitions"]];
        defs.forEach((group, i) => {
          if (!isJsonObject(group)) return;
          for (const [name, child] of Object.entries(group))
            visit(child, childPointer(pointer, i === 0 ? "$defs" : "definitions", name));
        });
      }
      order.push(node);
      return node;
    };
    visit(doc.root, "");
    for (const resource of new Set(doc.resourceOf.values())) {
      for (const [name, pointer] of resource.dynamicAnchors) {
        const list = declaring.get(name) ?? [];
        list.push(`${doc.id}:${pointer}`);
        declaring.set(name, list);
      }
    }
  }
  for (const [name, keys] of declaring)
    nodes.set(`name:${name}`, { key: `name:${name}`, names: new Set(), next: keys });
  order.push(...[...declaring.keys()].map((name) => nodes.get(`name:${name}`)!));
  // Children come before parents in `order`, so most names settle in the first pass; cycles take more.
  for (let changed = true; changed;) {
    changed = false;
    for (const node of order) {
      for (const key of node.next) {
        const other = nodes.get(key);
        if (!other) continue;
        for (const name of other.names) {
          if (!node.names.has(name)) {
            node.names.add(name);
            changed = true;
          }
        }
      }
    }
  }
  const none: ReadonlySet<string> = new Set();
  return (location) => nodes.get(`${location.doc.id}:${location.pointer}`)?.names ?? none;
}
