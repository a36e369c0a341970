import { fragmentToPointer, joinPointer, pointerToFragment } from "../../../core/json-pointer.js";
import { isJsonObject, type JsonObject } from "../../../core/json-object.js";
import type { JsonValue } from "../../../core/json-value.js";
import { ITEMS_KEYWORD, SCHEMA_KEYWORDS, SCHEMA_LIST_KEYWORDS, SCHEMA_MAP_KEYWORDS } from "../../../schema/keywords.js";
import { resolveUri, splitFragment } from "../../../schema/uri.js";
import { officialMetaSchema } from "./official-meta-schemas.js";

/** The name `$recursiveAnchor: true` binds in a dynamic scope (2019-09); no `$dynamicAnchor` can spell it. */
export const RECURSIVE_ANCHOR = "\u0000recursive";

const DEFINITIONS = new Set(["$defs", "definitions"]);

export interface SchemaDoc {
  /** 0 is the bundle; the others are official meta-schemas it references. */
  id: number;
  root: JsonValue;
  /** The innermost resource of every subschema, by pointer. */
  resourceOf: Map<string, Resource>;
}

export interface Resource {
  doc: SchemaDoc;
  pointer: string;
  uri: string;
  anchors: Map<string, string>;
  /** `$dynamicAnchor`s by name, and `$recursiveAnchor: true` at the root as RECURSIVE_ANCHOR. */
  dynamicAnchors: Map<string, string>;
}

export interface Location {
  doc: SchemaDoc;
  pointer: string;
}

/** What a reference names: its place, and the dynamic anchor name when its fragment was one (a bookend). */
export interface RefTarget {
  location: Location;
  dynamicName?: string;
}

/** The subschemas `schema` applies to an instance (not its definitions), with the tokens that reach each. */
export function appliedSubschemas(schema: JsonObject): [JsonValue, string, string | number | undefined][] {
  return subschemas(schema, false);
}

function subschemas(schema: JsonObject, withDefinitions: boolean): [JsonValue, string, string | number | undefined][] {
  const found: [JsonValue, string, string | number | undefined][] = [];
  for (const [keyword, value] of Object.entries(schema)) {
    if (SCHEMA_KEYWORDS.has(keyword)) found.push([value, keyword, undefined]);
    else if (
      SCHEMA_MAP_KEYWORDS.has(keyword) &&
      (withDefinitions || !DEFINITIONS.has(keyword)) &&
      isJsonObject(value)
    ) {
      for (const [name, child] of Object.entries(value)) found.push([child, keyword, name]);
    } else if ((SCHEMA_LIST_KEYWORDS.has(keyword) || keyword === ITEMS_KEYWORD) && Array.isArray(value)) {
      value.forEach((child, index) => found.push([child, keyword, index]));
    } else if (keyword === ITEMS_KEYWORD) found.push([value, keyword, undefined]);
  }
  return found;
}

export function childPointer(pointer: string, keyword: string, token: string | number | undefined): string {
  return token === undefined ? joinPointer(pointer, keyword) : joinPointer(pointer, keyword, token);
}

/**
 * The bundle and the official meta-schemas it reaches, indexed by resource:
 * what a reference resolves to, read from the bundle itself (every `$id`
 * in it is absolute), so the validation form needs nothing of the earlier
 * stages.
 */
export class SchemaIndex {
  readonly docs: SchemaDoc[] = [];
  private readonly byUri = new Map<string, Resource>();

  constructor(bundle: JsonValue, rootUri: string) {
    this.add(bundle, rootUri);
  }

  get bundle(): SchemaDoc {
    return this.docs[0]!;
  }

  private add(root: JsonValue, uri: string): SchemaDoc {
    const doc: SchemaDoc = { id: this.docs.length, root, resourceOf: new Map() };
    this.docs.push(doc);
    const visit = (node: JsonValue, pointer: string, outer: Resource | undefined) => {
      if (!isJsonObject(node)) {
        if (outer) doc.resourceOf.set(pointer, outer);
        return;
      }
      let resource = outer;
      const id = node["$id"];
      if (outer === undefined || (typeof id === "string" && !id.startsWith("#"))) {
        const resolved = outer === undefined ? uri : resolveUri(id as string, outer.uri);
        const base =
          typeof resolved === "string" ? resolved : resolved.ok ? splitFragment(resolved.uri).base : outer!.uri;
        resource = { doc, pointer, uri: base, anchors: new Map(), dynamicAnchors: new Map() };
        if (!this.byUri.has(base)) this.byUri.set(base, resource);
        if (node["$recursiveAnchor"] === true) resource.dynamicAnchors.set(RECURSIVE_ANCHOR, pointer);
      }
      const here = resource!;
      doc.resourceOf.set(pointer, here);
      if (typeof node["$anchor"] === "string") here.anchors.set(node["$anchor"], pointer);
      if (typeof node["$dynamicAnchor"] === "string" && !here.dynamicAnchors.has(node["$dynamicAnchor"]))
        here.dynamicAnchors.set(node["$dynamicAnchor"], pointer);
      for (const [child, keyword, token] of subschemas(node, true))
        visit(child, childPointer(pointer, keyword, token), here);
    };
    visit(root, "", undefined);
    return doc;
  }

  /** The resource a URI (no fragment) names: one of the bundle's, or an official meta-schema, read on first use. */
  resource(uri: string): Resource | undefined {
    const known = this.byUri.get(uri);
    if (known) return known;
    const meta = officialMetaSchema(uri);
    if (meta === undefined) return undefined;
    this.add(meta, uri);
    return this.byUri.get(uri);
  }

  /**
   * What a reference keyword at `location` names, or undefined when it names
   * nothing the index holds. A `$dynamicRef` whose fragment names a
   * `$dynamicAnchor` of its target's resource, and a `$recursiveRef` whose
   * target has `$recursiveAnchor: true`, carry the name: the dynamic scope
   * may replace their target.
   */
  resolve(location: Location, keyword: string, value: string): RefTarget | undefined {
    const from = location.doc.resourceOf.get(location.pointer);
    if (!from) return undefined;
    const resolved = resolveUri(value, from.uri);
    if (!resolved.ok) return undefined;
    const { base, fragment } = splitFragment(resolved.uri);
    const resource = this.resource(base);
    if (!resource) return undefined;
    if (fragment === undefined || fragment === "" || fragment.startsWith("/")) {
      const pointer = fragmentToPointer(fragment ?? "");
      if (pointer === undefined) return undefined;
      const target = { doc: resource.doc, pointer: resource.pointer + pointer };
      if (!resource.doc.resourceOf.has(target.pointer)) return undefined;
      const recursive = keyword === "$recursiveRef" && pointer === "" && resource.dynamicAnchors.has(RECURSIVE_ANCHOR);
      return recursive ? { location: target, dynamicName: RECURSIVE_ANCHOR } : { location: target };
    }
    let name: string;
    try {
      name = decodeURIComponent(fragment);
    } catch {
      return undefined;
    }
    const dynamic = resource.dynamicAnchors.get(name);
    if (dynamic !== undefined && name !== RECURSIVE_ANCHOR) {
      const target = { doc: resource.doc, pointer: dynamic };
      return keyword === "$dynamicRef" ? { location: target, dynamicName: name } : { location: target };
    }
    const plain = resource.anchors.get(name);
    return plain === undefined ? undefined : { location: { doc: resource.doc, pointer: plain } };
  }

  /** The URI a reference writes to name `location` without anchors: its resource's, with a pointer fragment. */
  uriOf(location: Location): string {
    const resource = location.doc.resourceOf.get(location.pointer)!;
    const inner = location.pointer.slice(resource.pointer.length);
    return inner === "" ? resource.uri : `${resource.uri}#${pointerToFragment(inner)}`;
  }
}
