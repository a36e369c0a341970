import { DATA_KEYWORDS } from "../schema/keywords.js";
import { DEFAULT_DIALECT, dialectOf, idKeyword, type Dialect } from "../schema/dialect.js";
import { fragmentToPointer, getAtPointer, joinPointer } from "../core/json-pointer.js";
import { DEFINITIONS_KEYWORDS } from "./keywords.js";
import { isObject, stripFragment, type SchemaObject } from "./schema-values.js";

/** One version of a bundle: its root, where each embedded document sits (by `$id`), and its anchors. */
export interface Side {
  root: unknown;
  /** The bundle's dialect, by its `$schema` (as the compiler reads it), else charter's default. */
  dialect: Dialect;
  /** Document URI (no fragment) to the document's pointer in the bundle. */
  documents: Map<string, string>;
  /** `<document pointer>#<anchor>` to the anchored schema's pointer. */
  anchors: Map<string, string>;
}

/** Where a reference leads in one side: the schema, its pointer, and the document it is in. */
export interface Target {
  schema: unknown;
  pointer: string;
  doc: string;
}

/**
 * An equivalent spelling brought to one, so that rewriting a schema without
 * changing its meaning reports nothing: `not: {required: [x]}` is
 * `properties: {x: false}`.
 */
export function normalize(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(normalize);
  if (!isObject(schema)) return schema;
  const out: SchemaObject = {};
  // defineProperty: a property named `__proto__` stays a property instead of setting the prototype.
  for (const [k, v] of Object.entries(schema))
    Object.defineProperty(out, k, {
      value: DATA_KEYWORDS.has(k) ? v : normalize(v),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  const not = out["not"];
  if (
    isObject(not) &&
    Object.keys(not).length === 1 &&
    Array.isArray(not["required"]) &&
    not["required"].length === 1 &&
    typeof not["required"][0] === "string"
  ) {
    const name = not["required"][0];
    const properties = isObject(out["properties"]) ? out["properties"] : {};
    if (!Object.hasOwn(properties, name)) {
      out["properties"] = { ...properties, [name]: false };
      delete out["not"];
    }
  }
  return out;
}

/** A bundle read as one side of the comparison: its dialect, embedded documents and anchors. */
export function sideOf(root: unknown): Side {
  const declared = (root as SchemaObject | null)?.["$schema"];
  const dialect = (typeof declared === "string" ? dialectOf(declared) : undefined) ?? DEFAULT_DIALECT;
  const id = idKeyword(dialect);
  const documents = new Map<string, string>();
  const anchors = new Map<string, string>();
  const rootId = (root as SchemaObject | null)?.[id];
  if (typeof rootId === "string") documents.set(stripFragment(rootId), "");
  for (const container of DEFINITIONS_KEYWORDS) {
    const defs = (root as SchemaObject | null)?.[container];
    if (!isObject(defs)) continue;
    for (const [key, def] of Object.entries(defs)) {
      const defId = (def as SchemaObject | null)?.[id];
      if (typeof defId === "string" && !defId.startsWith("#"))
        documents.set(stripFragment(defId), joinPointer(`/${container}`, key));
    }
  }
  const documentPointers = new Set(documents.values());
  // Anchors: `$anchor: a` (2019-09+), or an id that is only a fragment (`#a`, before 2019-09).
  const walk = (node: unknown, pointer: string, doc: string) => {
    if (Array.isArray(node)) return node.forEach((item, i) => walk(item, joinPointer(pointer, i), doc));
    if (!isObject(node)) return;
    if (documentPointers.has(pointer)) doc = pointer;
    const anchor =
      typeof node["$anchor"] === "string"
        ? node["$anchor"]
        : typeof node[id] === "string" && (node[id] as string).startsWith("#")
          ? (node[id] as string).slice(1)
          : undefined;
    if (anchor !== undefined) anchors.set(`${doc}#${anchor}`, pointer);
    for (const [key, value] of Object.entries(node))
      if (!DATA_KEYWORDS.has(key)) walk(value, joinPointer(pointer, key), doc);
  };
  walk(root, "", "");
  return { root, dialect, documents, anchors };
}

/** The URI of the document a schema starts (its id without fragment); a value no URI equals when it has none. */
export function documentIdOf(side: Side, schema: SchemaObject): string {
  const id = schema[idKeyword(side.dialect)];
  return typeof id === "string" ? stripFragment(id) : "\u0000";
}

/** What `ref`, written in the document at `doc`, leads to in this side; undefined when the bundle does not hold it. */
export function resolveReference(side: Side, ref: string, doc: string): Target | undefined {
  const hash = ref.indexOf("#");
  const uri = hash === -1 ? ref : ref.slice(0, hash);
  const fragment = hash === -1 ? "" : ref.slice(hash + 1);
  const docPointer = uri === "" ? doc : side.documents.get(uri);
  if (docPointer === undefined) return undefined;
  let pointer: string | undefined;
  if (fragment === "" || fragment.startsWith("/")) {
    const inner = fragment === "" ? "" : fragmentToPointer(fragment);
    pointer = inner === undefined ? undefined : docPointer + inner;
  } else pointer = side.anchors.get(`${docPointer}#${decodeURIComponent(fragment)}`);
  if (pointer === undefined) return undefined;
  const schema = getAtPointer(side.root, pointer);
  return schema === undefined ? undefined : { schema, pointer, doc: docPointer };
}
