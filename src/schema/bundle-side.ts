import { fragmentToPointer, getAtPointer, joinPointer } from "../core/json-pointer.js";
import { DATA_KEYWORDS } from "./keywords.js";
import { DEFAULT_DIALECT, dialectOf, idKeyword, type Dialect } from "./dialect.js";
import { splitFragment } from "./uri.js";

/**
 * A finished bundle read back: where each document it embeds sits (by `$id`) and its anchors,
 * so that a reference written anywhere in it leads where a validator takes it. A `#...`
 * reference means the document it is written in (decision 002 embeds whole documents and keeps
 * their references relative), so every reader of a bundle (`charter diff`, the docs site)
 * resolves through here rather than against the bundle's root.
 */
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

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => value !== null && typeof value === "object" && !Array.isArray(value);

/** The containers a bundle embeds documents under (`definitions` before 2019-09). */
export const DEFINITIONS_KEYWORDS = ["$defs", "definitions"] as const;

/** A bundle read as one side: its dialect, embedded documents and anchors. */
export function sideOf(root: unknown): Side {
  const declared = (root as Node | null)?.["$schema"];
  const dialect = (typeof declared === "string" ? dialectOf(declared) : undefined) ?? DEFAULT_DIALECT;
  const id = idKeyword(dialect);
  const documents = new Map<string, string>();
  const anchors = new Map<string, string>();
  const rootId = (root as Node | null)?.[id];
  if (typeof rootId === "string") documents.set(splitFragment(rootId).base, "");
  for (const container of DEFINITIONS_KEYWORDS) {
    const defs = (root as Node | null)?.[container];
    if (!isNode(defs)) continue;
    for (const [key, def] of Object.entries(defs)) {
      const defId = (def as Node | null)?.[id];
      if (typeof defId === "string" && !defId.startsWith("#"))
        documents.set(splitFragment(defId).base, joinPointer(`/${container}`, key));
    }
  }
  const documentPointers = new Set(documents.values());
  // Anchors: `$anchor: a` (2019-09+), or an id that is only a fragment (`#a`, before 2019-09).
  const walk = (node: unknown, pointer: string, doc: string) => {
    if (Array.isArray(node)) return node.forEach((item, i) => walk(item, joinPointer(pointer, i), doc));
    if (!isNode(node)) return;
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
export function documentIdOf(side: Side, schema: Node): string {
  const id = schema[idKeyword(side.dialect)];
  return typeof id === "string" ? splitFragment(id).base : "\u0000";
}

/** The pointer of the embedded document that holds `pointer` (the innermost), or `""` for the bundle's own. */
export function documentAt(side: Side, pointer: string): string {
  let found = "";
  for (const doc of side.documents.values())
    if (doc.length > found.length && (pointer === doc || pointer.startsWith(`${doc}/`))) found = doc;
  return found;
}

/** What `ref`, written in the document at `doc`, leads to in this side; undefined when the bundle does not hold it. */
export function resolveReference(side: Side, ref: string, doc: string): Target | undefined {
  const { base: uri, fragment = "" } = splitFragment(ref);
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
