import { getAtPointer, joinPointer, pointerToFragment, splitPointer } from "../../../core/json-pointer.js";
import { defineKey, isJsonObject, type JsonObject } from "../../../core/json-object.js";
import type { JsonValue } from "../../../core/json-value.js";
import type { Origins } from "./origins.js";
import { appliedSubschemas, childPointer, SchemaIndex, type Location, type Resource } from "./schema-index.js";
import { reachedNames } from "./reached-names.js";
import { walkSchema } from "../../../schema/walk-schema.js";
import { resolveUri } from "../../../schema/uri.js";

/** Copies a contract may need before charter calls its dynamic scopes unbounded. */
export const MAX_SCOPE_COPIES = 1000;

const DYNAMIC_KEYWORDS = ["$dynamicRef", "$recursiveRef"] as const;
const REFERENCE_KEYWORDS = ["$ref", ...DYNAMIC_KEYWORDS] as const;
/** What a copy leaves out: identity (the original keeps it) and definitions (references name the originals). */
const NOT_COPIED = new Set([
  "$id",
  "$schema",
  "$anchor",
  "$dynamicAnchor",
  "$recursiveAnchor",
  "$vocabulary",
  "$defs",
  "definitions",
]);

/** A dynamic scope, reduced to what `$dynamicRef` reads of it: each anchor name bound by the outermost resource that defines it. */
type Scope = ReadonlyMap<string, Location>;

export type ScopeResult = { schema: JsonValue; origins: Origins } | { tooMany: string };

/**
 * The bundle with every `$dynamicRef` and `$recursiveRef` replaced by the
 * plain `$ref` it means in the dynamic scope the evaluation from the
 * contract's root gives it. Where one subschema is reached in scopes that
 * bind its dynamic references differently, each further scope gets a copy
 * (under `$defs`, keyed `charter-scope-N`), so ajv never resolves a dynamic
 * reference itself. A subschema the root never reaches (a definition
 * validated on its own) is read in the scope of the resources enclosing it.
 */
export function resolveDynamicScopes(bundle: JsonValue, rootUri: string): ScopeResult {
  return new Specialiser(bundle, rootUri).run();
}

class Specialiser {
  private readonly index: SchemaIndex;
  private readonly reach: (location: Location) => ReadonlySet<string>;
  /** In-place subschemas of the bundle, by pointer, with the scope they are read in. */
  private readonly claimed = new Map<string, Scope>();
  private readonly pending: { pointer: string; scope: Scope }[] = [];
  private readonly copies: { location: Location; scope: Scope; key: string; schema?: JsonValue }[] = [];
  private readonly copyOf = new Map<string, number>();
  /** New values of reference keywords in the bundle, by the pointer of their schema. */
  private readonly rewrites = new Map<string, { ref?: string; dynamic?: string }>();
  private readonly usedKeys: Set<string>;
  private tooMany?: string;

  constructor(
    private readonly bundle: JsonValue,
    private readonly rootUri: string,
  ) {
    this.index = new SchemaIndex(bundle, rootUri);
    this.reach = reachedNames(this.index);
    const defs = isJsonObject(bundle) ? bundle["$defs"] : undefined;
    this.usedKeys = new Set(isJsonObject(defs) ? Object.keys(defs) : []);
  }

  run(): ScopeResult {
    const root = { doc: this.index.bundle, pointer: "" };
    this.claim(root, this.enter(new Map(), this.resourceAt(root)));
    this.drain();
    // Definitions the root never reaches, in document order, in the scope of their enclosing resources.
    for (const pointer of definitionPointers(this.bundle)) {
      if (!this.claimed.has(pointer))
        this.claim({ doc: this.index.bundle, pointer }, this.lexicalScope({ doc: this.index.bundle, pointer }));
      this.drain();
    }
    if (this.tooMany !== undefined) return { tooMany: this.tooMany };
    return this.write();
  }

  private drain(): void {
    for (;;) {
      const next = this.pending.shift();
      if (next) {
        this.rewriteInPlace(next.pointer, next.scope);
        continue;
      }
      const copy = this.copies.find((c) => c.schema === undefined);
      if (!copy) return;
      copy.schema = this.copySchema(
        getAtPointer(copy.location.doc.root, copy.location.pointer) as JsonValue,
        copy.location,
        copy.scope,
      );
    }
  }

  private resourceAt(location: Location): Resource {
    return location.doc.resourceOf.get(location.pointer)!;
  }

  /** The scope after entering `resource`: names it defines that no outer resource bound. */
  private enter(scope: Scope, resource: Resource): Scope {
    let entered: Map<string, Location> | undefined;
    for (const [name, pointer] of resource.dynamicAnchors) {
      if (scope.has(name)) continue;
      entered ??= new Map(scope);
      entered.set(name, { doc: resource.doc, pointer });
    }
    return entered ?? scope;
  }

  /** The scope of the resources enclosing `location`, outermost first, as if evaluation entered it from its document's root. */
  private lexicalScope(location: Location): Scope {
    let scope: Scope = new Map();
    let pointer = "";
    const visit = (p: string) => {
      const resource = location.doc.resourceOf.get(p);
      if (resource && resource.pointer === p) scope = this.enter(scope, resource);
    };
    visit("");
    for (const token of splitPointer(location.pointer)) {
      pointer = joinPointer(pointer, token);
      visit(pointer);
    }
    return scope;
  }

  /** What of `scope` the subschema at `location` can read: the bindings of the names its dynamic references may look up. */
  private scopeKey(location: Location, scope: Scope): string {
    const names = [...this.reach(location)].filter((name) => scope.has(name)).sort();
    return names.map((name) => `${name}=${locationKey(scope.get(name)!)}`).join("\u0002");
  }

  /** Claims the subschema at `location` in place for `scope`, unless part of it is already read in another scope. */
  private claim(location: Location, scope: Scope): boolean {
    const found: { pointer: string; scope: Scope }[] = [];
    const visit = (node: JsonValue, pointer: string, outer: Scope): boolean => {
      let here = outer;
      const resource = this.index.bundle.resourceOf.get(pointer);
      if (pointer !== location.pointer && resource && resource.pointer === pointer) here = this.enter(outer, resource);
      const taken = this.claimed.get(pointer);
      const at = { doc: this.index.bundle, pointer };
      if (taken !== undefined) return this.scopeKey(at, taken) === this.scopeKey(at, here);
      found.push({ pointer, scope: here });
      if (!isJsonObject(node)) return true;
      return appliedSubschemas(node).every(([child, keyword, token]) =>
        visit(child, childPointer(pointer, keyword, token), here),
      );
    };
    if (!visit(getAtPointer(this.bundle, location.pointer) as JsonValue, location.pointer, scope)) return false;
    for (const entry of found) {
      this.claimed.set(entry.pointer, entry.scope);
      this.pending.push(entry);
    }
    return true;
  }

  /** The reference that names the subschema at `target` read in `scope`: the original in place, or a copy. */
  private instance(target: Location, scope: Scope): string {
    const inner = this.enter(scope, this.resourceAt(target));
    if (target.doc.id === 0) {
      const taken = this.claimed.get(target.pointer);
      const fits =
        taken !== undefined ? this.scopeKey(target, taken) === this.scopeKey(target, inner) : this.claim(target, inner);
      if (fits) return this.index.uriOf(target);
    } else if (this.scopeKey(target, inner) === this.scopeKey(target, this.lexicalScope(target))) {
      // An official meta-schema in its own scope: ajv knows it, and reads it so.
      return this.index.uriOf(target);
    }
    const key = `${locationKey(target)}|${this.scopeKey(target, inner)}`;
    let n = this.copyOf.get(key);
    if (n === undefined) {
      n = this.copies.length;
      if (n >= MAX_SCOPE_COPIES) {
        this.tooMany ??= target.doc.id === 0 ? target.pointer : this.index.uriOf(target);
        return this.index.uriOf(target);
      }
      this.copyOf.set(key, n);
      this.copies.push({ location: target, scope: inner, key: this.freshKey(n + 1) });
    }
    return `${this.rootUri}#${pointerToFragment(joinPointer("/$defs", this.copies[n]!.key))}`;
  }

  private freshKey(n: number): string {
    let key = `charter-scope-${n}`;
    while (this.usedKeys.has(key)) key += "_";
    this.usedKeys.add(key);
    return key;
  }

  /** The reference each reference keyword of `schema` becomes in `scope`: `$ref` for `$ref`, and the dynamic one resolved. */
  private referencesOf(schema: JsonObject, location: Location, scope: Scope): { ref?: string; dynamic?: string } {
    const result: { ref?: string; dynamic?: string } = {};
    for (const keyword of REFERENCE_KEYWORDS) {
      const value = schema[keyword];
      if (typeof value !== "string") continue;
      const target = this.index.resolve(location, keyword, value);
      if (!target) {
        // Named by nothing here (a meta-schema of an earlier draft ajv knows): the same URI, made absolute for a copy.
        const resolved = resolveUri(value, this.resourceAt(location).uri);
        const uri = resolved.ok ? resolved.uri : value;
        if (keyword === "$ref") result.ref = uri;
        else result.dynamic = uri;
        continue;
      }
      const bound = target.dynamicName !== undefined ? scope.get(target.dynamicName) : undefined;
      const uri = this.instance(bound ?? target.location, scope);
      if (keyword === "$ref") result.ref = uri;
      else result.dynamic = uri;
    }
    return result;
  }

  private rewriteInPlace(pointer: string, scope: Scope): void {
    const schema = getAtPointer(this.bundle, pointer) as JsonValue;
    if (!isJsonObject(schema)) return;
    const location = { doc: this.index.bundle, pointer };
    const references = this.referencesOf(schema, location, scope);
    if (references.ref !== undefined || references.dynamic !== undefined) this.rewrites.set(pointer, references);
  }

  /** A copy of the subschema at `location` read in `scope`: its references resolved, its identity and definitions left out. */
  private copySchema(node: JsonValue, location: Location, scope: Scope): JsonValue {
    if (!isJsonObject(node)) return structuredClone(node);
    const references = this.referencesOf(node, location, scope);
    const copy: JsonObject = {};
    const applied = new Map(
      appliedSubschemas(node).map(([child, keyword, token]) => [childPointer(location.pointer, keyword, token), child]),
    );
    for (const [keyword, value] of Object.entries(node)) {
      if (NOT_COPIED.has(keyword)) continue;
      if (keyword === "$ref" && references.ref !== undefined) defineKey(copy, keyword, references.ref);
      else if ((DYNAMIC_KEYWORDS as readonly string[]).includes(keyword)) continue;
      else defineKey(copy, keyword, this.copyValue(value, keyword, location, scope, applied));
    }
    placeDynamic(copy, references.dynamic);
    return copy;
  }

  private copyValue(
    value: JsonValue,
    keyword: string,
    location: Location,
    scope: Scope,
    applied: ReadonlyMap<string, JsonValue>,
  ): JsonValue {
    const childAt = (pointer: string, child: JsonValue): JsonValue => {
      if (!applied.has(pointer)) return structuredClone(child);
      const at = { doc: location.doc, pointer };
      const resource = location.doc.resourceOf.get(pointer);
      const inner = resource && resource.pointer === pointer ? this.enter(scope, resource) : scope;
      return this.copySchema(child, at, inner);
    };
    const here = joinPointer(location.pointer, keyword);
    if (applied.has(here)) return childAt(here, value);
    if (Array.isArray(value)) return value.map((child, i) => childAt(joinPointer(here, i), child));
    if (isJsonObject(value)) {
      const copy: JsonObject = {};
      for (const [name, child] of Object.entries(value)) defineKey(copy, name, childAt(joinPointer(here, name), child));
      return copy;
    }
    return structuredClone(value);
  }

  private write(): { schema: JsonValue; origins: Origins } {
    const schema = structuredClone(this.bundle);
    const origins: Origins = new Map();
    for (const [pointer, references] of this.rewrites) {
      const node = getAtPointer(schema, pointer) as JsonObject;
      if (references.ref !== undefined) node["$ref"] = references.ref;
      const dynamicKeyword = DYNAMIC_KEYWORDS.find((k) => k in node);
      if (references.dynamic !== undefined && dynamicKeyword !== undefined) {
        const at = placeDynamic(node, references.dynamic, dynamicKeyword);
        if (at !== undefined) origins.set(joinPointer(pointer, ...at), joinPointer(pointer, dynamicKeyword));
      }
    }
    dropDynamicAnchors(schema);
    if (this.copies.length > 0) {
      const root = schema as JsonObject;
      const defs: JsonObject = isJsonObject(root["$defs"]) ? root["$defs"] : {};
      for (const copy of this.copies) {
        defineKey(defs, copy.key, copy.schema!);
        origins.set(
          joinPointer("/$defs", copy.key),
          copy.location.doc.id === 0 ? copy.location.pointer : this.index.uriOf(copy.location),
        );
      }
      delete root["$defs"];
      root["$defs"] = defs;
    }
    return { schema, origins };
  }
}

/**
 * Puts a resolved dynamic reference in place of its keyword: as `$ref` when
 * the schema has none, else as one more `allOf` entry. Returns the tokens of
 * the new entry when it went to `allOf`.
 */
function placeDynamic(node: JsonObject, uri: string | undefined, keyword?: string): (string | number)[] | undefined {
  if (uri === undefined) return undefined;
  if (keyword !== undefined) delete node[keyword];
  if (!("$ref" in node)) {
    node["$ref"] = uri;
    return undefined;
  }
  const allOf = Array.isArray(node["allOf"]) ? node["allOf"] : [];
  allOf.push({ $ref: uri });
  node["allOf"] = allOf;
  return ["allOf", allOf.length - 1];
}

/** Anchors no reference of the form needs any more: every reference names its target by pointer. */
function dropDynamicAnchors(schema: JsonValue): void {
  walkSchema(schema, undefined, (node) => {
    delete node["$dynamicAnchor"];
    delete node["$recursiveAnchor"];
    return undefined;
  });
}

/** Pointers of every definition in the bundle (nested ones too), in document order. */
function definitionPointers(bundle: JsonValue): string[] {
  const found: string[] = [];
  walkSchema(bundle, undefined, (_node, pointer) => {
    const tokens = splitPointer(pointer);
    if (tokens.length >= 2 && DEFINITIONS.has(tokens[tokens.length - 2]!)) found.push(pointer);
    return undefined;
  });
  return found;
}

const DEFINITIONS = new Set(["$defs", "definitions"]);

function locationKey(location: Location): string {
  return `${location.doc.id}:${location.pointer}`;
}
