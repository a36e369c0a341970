import {
  escapeToken,
  fragmentToPointer,
  getAtPointer,
  isWithin,
  joinPointer,
  pointerToFragment,
} from "../../../core/json-pointer.js";
import type { JsonValue } from "../../../core/json-value.js";
import {
  ITEMS_KEYWORD,
  REFERENCE_KEYWORDS,
  SCHEMA_KEYWORDS,
  SCHEMA_LIST_KEYWORDS,
  SCHEMA_MAP_KEYWORDS,
} from "../../../schema/keywords.js";
import { resolveUri, splitFragment } from "../../../schema/uri.js";
import { isSchemaObject, type SchemaObject } from "../../../schema/walk-schema.js";

/** A schema resource of the form: where its root is, and the URI its `$id` gives it (none for a root without `$id`). */
export interface FormResource {
  pointer: string;
  uri: string | undefined;
  anchors: Map<string, string>;
}

/** A subschema's place: its pointer in the document and its innermost resource. */
export interface Place {
  node: SchemaObject | boolean;
  pointer: string;
  resource: FormResource;
}

const UNEVALUATED = ["unevaluatedProperties", "unevaluatedItems"];

export function isSchema(value: JsonValue | undefined): value is SchemaObject | boolean {
  return typeof value === "boolean" || isSchemaObject(value);
}

/** Calls `visit` with each subschema `node` holds at a schema position (its definitions included) and the tokens that reach it. */
export function forEachChild(
  node: SchemaObject,
  visit: (child: SchemaObject | boolean, keyword: string, token?: string | number) => void,
): void {
  for (const keyword in node) {
    if (!Object.prototype.hasOwnProperty.call(node, keyword)) continue;
    const value = node[keyword];
    if (SCHEMA_KEYWORDS.has(keyword) || (keyword === ITEMS_KEYWORD && !Array.isArray(value))) {
      if (isSchema(value)) visit(value, keyword);
    } else if (SCHEMA_MAP_KEYWORDS.has(keyword) && isSchemaObject(value)) {
      for (const name in value)
        if (Object.prototype.hasOwnProperty.call(value, name) && isSchema(value[name]))
          visit(value[name] as SchemaObject | boolean, keyword, name);
    } else if ((SCHEMA_LIST_KEYWORDS.has(keyword) || keyword === ITEMS_KEYWORD) && Array.isArray(value)) {
      for (let i = 0; i < value.length; i++)
        if (isSchema(value[i])) visit(value[i] as SchemaObject | boolean, keyword, i);
    }
  }
}

/** The subschemas `node` holds at schema positions, each with its pointer. */
export function schemaChildren(node: SchemaObject, pointer: string): [SchemaObject | boolean, string][] {
  const found: [SchemaObject | boolean, string][] = [];
  forEachChild(node, (child, keyword, token) =>
    found.push([child, token === undefined ? joinPointer(pointer, keyword) : joinPointer(pointer, keyword, token)]),
  );
  return found;
}

/** A JSON pointer token, escaped (most need nothing). */
export function escaped(token: string): string {
  return token.includes("~") || token.includes("/") ? escapeToken(token) : token;
}

/** True when a subschema of `root` has an `unevaluated*` keyword; stops at the first. */
export function hasUnevaluated(root: JsonValue): boolean {
  const pending: JsonValue[] = [root];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (!isSchemaObject(node)) continue;
    if (UNEVALUATED.some((keyword) => node[keyword] !== undefined)) return true;
    forEachChild(node, (child) => pending.push(child));
  }
  return false;
}

/** The resource a subschema opens with its `$id` (2019-09 and later), or `outer` when it opens none. */
export function resourceOpenedBy(node: JsonValue, pointer: string, outer: FormResource | undefined): FormResource {
  const id = isSchemaObject(node) ? node["$id"] : undefined;
  if (outer !== undefined && (typeof id !== "string" || id.startsWith("#"))) return outer;
  if (typeof id !== "string" || id.startsWith("#")) return { pointer, uri: undefined, anchors: new Map() };
  const resolved = outer?.uri === undefined ? absolute(id) : resolveUri(id, outer.uri);
  return { pointer, uri: resolved.ok ? splitFragment(resolved.uri).base : id, anchors: new Map() };
}

function absolute(id: string): { ok: true; uri: string } | { ok: false } {
  try {
    return { ok: true, uri: new URL(id).href };
  } catch {
    return { ok: false };
  }
}

/**
 * What one walk of the form learns for the rewrites: its resources and
 * anchors, its reference keywords, and its subschemas with `unevaluated*`
 * keywords. Other places are looked up when asked for. Valid until a
 * subschema moves (appended subschemas are found as they are).
 */
export class FormIndex {
  readonly consumers: string[] = [];
  /** How many subschemas the document has. */
  size = 0;
  readonly references: { pointer: string; value: string; resource: FormResource }[] = [];
  private readonly byPointer = new Map<string, FormResource>();
  private readonly byUri = new Map<string, FormResource>();
  private readonly cache = new Map<string, Place | undefined>();

  constructor(readonly root: JsonValue) {
    const tokens: string[] = [];
    const here = () => (tokens.length === 0 ? "" : "/" + tokens.join("/"));
    const visit = (node: SchemaObject | boolean, outer: FormResource | undefined) => {
      this.size++;
      if (!isSchemaObject(node)) {
        if (outer === undefined) this.open(resourceOpenedBy(node, "", undefined));
        return;
      }
      const opens = outer === undefined || (typeof node["$id"] === "string" && !node["$id"].startsWith("#"));
      const resource = opens ? this.open(resourceOpenedBy(node, here(), outer)) : outer;
      for (const keyword of ["$anchor", "$dynamicAnchor"]) {
        const name = node[keyword];
        if (typeof name === "string" && !resource.anchors.has(name)) resource.anchors.set(name, here());
      }
      for (const keyword of REFERENCE_KEYWORDS) {
        const value = node[keyword];
        if (typeof value === "string") this.references.push({ pointer: here(), value, resource });
      }
      if (UNEVALUATED.some((keyword) => node[keyword] !== undefined)) this.consumers.push(here());
      forEachChild(node, (child, keyword, token) => {
        tokens.push(escaped(keyword));
        if (token !== undefined) tokens.push(escaped(String(token)));
        visit(child, resource);
        tokens.length -= token === undefined ? 1 : 2;
      });
    };
    if (isSchema(root)) visit(root, undefined);
  }

  private open(resource: FormResource): FormResource {
    this.byPointer.set(resource.pointer, resource);
    if (resource.uri !== undefined && !this.byUri.has(resource.uri)) this.byUri.set(resource.uri, resource);
    return resource;
  }

  /** The subschema at `pointer` with its resource, or undefined when no subschema is there. */
  place(pointer: string): Place | undefined {
    if (this.cache.has(pointer)) return this.cache.get(pointer);
    const node = getAtPointer(this.root, pointer) as JsonValue | undefined;
    let place: Place | undefined;
    if (isSchema(node)) {
      let at = pointer;
      while (!this.byPointer.has(at) && at !== "") at = at.slice(0, at.lastIndexOf("/"));
      const resource = this.byPointer.get(at);
      if (resource !== undefined) place = { node, pointer, resource };
    }
    this.cache.set(pointer, place);
    return place;
  }

  /**
   * The pointer a reference of the subschema at `from` (or in the resource
   * `from`) names, and whether its
   * fragment is a JSON pointer (a place that moving subschemas would break),
   * or undefined when it names nothing in the document.
   */
  resolve(
    from: string | FormResource,
    reference: string,
  ): { pointer: string; byPointer: boolean; resource: FormResource } | undefined {
    const here = typeof from === "string" ? this.place(from)?.resource : from;
    if (here === undefined) return undefined;
    let resource: FormResource | undefined = here;
    let fragment: string | undefined;
    if (reference.startsWith("#")) {
      fragment = reference.slice(1);
    } else {
      const resolved = here.uri === undefined ? absolute(reference) : resolveUri(reference, here.uri);
      if (!resolved.ok) return undefined;
      const split = splitFragment(resolved.uri);
      resource = this.byUri.get(split.base);
      fragment = split.fragment;
    }
    if (resource === undefined) return undefined;
    if (fragment === undefined || fragment === "") return { pointer: resource.pointer, byPointer: false, resource };
    const pointer = fragmentToPointer(fragment);
    if (pointer !== undefined) return { pointer: resource.pointer + pointer, byPointer: true, resource };
    let name: string;
    try {
      name = decodeURIComponent(fragment);
    } catch {
      return undefined;
    }
    const anchored = resource.anchors.get(name);
    return anchored === undefined ? undefined : { pointer: anchored, byPointer: false, resource };
  }

  /** The subschema a reference of the subschema at `pointer` names, or undefined when it names none the document holds. */
  target(pointer: string, reference: string): Place | undefined {
    const resolved = this.resolve(pointer, reference);
    return resolved === undefined ? undefined : this.place(resolved.pointer);
  }

  /**
   * Places below which no subschema may move: every pointer between a
   * pointer reference's resource and its target (a reference by `$id` or
   * anchor follows its target wherever it goes; one by pointer does not).
   */
  fragilePlaces(): Set<string> {
    const fragile = new Set<string>();
    for (const { value, resource } of this.references) {
      const resolved = this.resolve(resource, value);
      if (resolved === undefined || !resolved.byPointer) continue;
      const top = resolved.resource.pointer;
      for (
        let at = resolved.pointer;
        at.length > top.length && isWithin(at, top);
        at = at.slice(0, at.lastIndexOf("/"))
      )
        fragile.add(at);
    }
    return fragile;
  }
}

/**
 * A `$ref` value that names the subschema at `target` from a subschema of
 * `host` (a resource of the form), or undefined when none can: by pointer
 * within the same resource, else by the target resource's URI.
 */
export function referenceTo(host: FormResource, target: Place): string | undefined {
  if (target.resource.pointer === target.pointer && target.resource.uri !== undefined && target.resource !== host)
    return target.resource.uri;
  const inner = target.pointer.slice(target.resource.pointer.length);
  if (target.resource === host || (host.pointer === target.resource.pointer && host.uri === target.resource.uri))
    return `#${pointerToFragment(inner)}`;
  if (target.resource.uri === undefined) return undefined;
  return inner === "" ? target.resource.uri : `${target.resource.uri}#${pointerToFragment(inner)}`;
}
