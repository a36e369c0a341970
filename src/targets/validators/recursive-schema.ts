/**
 * Whether a compiled schema can recurse with the data: whether a cycle of
 * references is reachable from the subschema a validator checks. Only then
 * can a validator call itself once per level of the data, so only then does
 * the runtime measure the data's depth before validating (the registry's
 * `recursive: true`). Without a cycle, the validator's call depth is bounded
 * by the schema, whatever the data.
 *
 * Read from the bundle alone. References resolve as ajv resolves them: a
 * pointer or anchor fragment against the base URI that nested `$id`s set
 * (`id` in draft-04; `$id: "#name"` before 2019-09 is an anchor). `$dynamicRef`
 * and `$recursiveRef` count as references to their static target and to every
 * schema that could be their dynamic target (each `$dynamicAnchor` of the
 * name, each `$recursiveAnchor: true`). What cannot be resolved within the
 * bundle (a meta-schema by its URI, a fragment that names nothing) counts as
 * recursive: this may answer "recursive" for a schema that is not, never the
 * other way round.
 */
import type { JsonValue } from "../../core/json-value.js";
import { fragmentToPointer, getAtPointer } from "../../core/json-pointer.js";
import { dialectOf, type Dialect } from "../../compiler/resolve/dialect.js";
import { ITEMS_KEYWORD, REFERENCE_KEYWORDS, SCHEMA_KEYWORDS, SCHEMA_LIST_KEYWORDS, SCHEMA_MAP_KEYWORDS, type ReferenceKeyword } from "../../compiler/resolve/schema-keywords.js";

type SchemaObject = { [key: string]: JsonValue };

export interface RecursionOptions {
  /** The URI the schema was retrieved from: the base of a root without `$id`. */
  baseUri?: string;
  /** The dialect of a root without `$schema` (default 2020-12); a `$schema` in the schema wins. */
  dialect?: Dialect;
}

/** Subschemas of `$defs`/`definitions` are indexed (references reach them) but not applied by their parent. */
const NOT_APPLIED = new Set(["$defs", "definitions"]);
const PLACEHOLDER_BASE = "https://recursive-schema.invalid/schema.json";

/** Whether a reference cycle is reachable from the subschema at `pointer` (default: the root) of `schema`. */
export function isRecursiveSchema(schema: JsonValue, options: RecursionOptions & { pointer?: string } = {}): boolean {
  return schemaRecursion(schema, options)(options.pointer ?? "");
}

/**
 * Indexes `schema` once and answers, for the subschema at each pointer asked
 * about (the root, an exported definition), whether a reference cycle is
 * reachable from it.
 */
export function schemaRecursion(schema: JsonValue, options: RecursionOptions = {}): (pointer: string) => boolean {
  const index = new SchemaIndex(options.baseUri ?? PLACEHOLDER_BASE, options.dialect ?? "2020-12");
  index.add(schema, index.rootBase);
  const acyclic = new Set<SchemaObject>();
  return (pointer) => {
    const start = getAtPointer(schema, pointer) as JsonValue | undefined;
    if (start === undefined) return true;
    if (!isObject(start)) return false;
    if (!index.nodes.has(start)) index.add(start, index.rootBase);
    return reachesCycle(index, start, acyclic);
  };
}

interface IndexedSchema {
  /** The base URI of the schema's references (no fragment). */
  base: string;
  /** Bases a reference here may resolve against: before 2019-09 a `$ref` ignores its sibling `$id`. */
  refBases: readonly string[];
  /** Subschemas the schema applies to the data (or to parts of it). */
  applied: SchemaObject[];
  refs: { keyword: ReferenceKeyword; value: string }[];
}

class SchemaIndex {
  readonly nodes = new Map<SchemaObject, IndexedSchema>();
  readonly resources = new Map<string, SchemaObject>();
  readonly anchors = new Map<string, SchemaObject>();
  readonly dynamicAnchors = new Map<string, SchemaObject[]>();
  readonly recursiveAnchors: SchemaObject[] = [];
  readonly rootBase: string;

  constructor(
    baseUri: string,
    private readonly dialect: Dialect,
  ) {
    this.rootBase = withoutFragment(resolve(baseUri, PLACEHOLDER_BASE) ?? PLACEHOLDER_BASE);
  }

  /** Indexes the schema at `root` and every subschema below it, iteratively (a deep schema cannot overflow the stack). */
  add(root: JsonValue, base: string): void {
    const stack: { value: JsonValue; base: string; dialect: Dialect }[] = [{ value: root, base, dialect: this.dialect }];
    for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
      const schema = top.value;
      if (!isObject(schema) || this.nodes.has(schema)) continue;
      const dialect = (typeof schema["$schema"] === "string" ? dialectOf(schema["$schema"]) : undefined) ?? top.dialect;
      const own = this.identify(schema, top.base, dialect);
      const node: IndexedSchema = { base: own, refBases: own !== top.base && dialect.startsWith("draft-") ? [own, top.base] : [own], applied: [], refs: [] };
      this.nodes.set(schema, node);
      for (const keyword of REFERENCE_KEYWORDS) {
        const value = schema[keyword];
        if (typeof value === "string") node.refs.push({ keyword, value });
      }
      for (const [keyword, child] of subschemas(schema)) {
        if (!NOT_APPLIED.has(keyword) && isObject(child)) node.applied.push(child);
        stack.push({ value: child, base: own, dialect });
      }
    }
  }

  /** Registers the schema's `$id`, anchors and dynamic anchors; returns its base URI. */
  private identify(schema: SchemaObject, base: string, dialect: Dialect): string {
    let own = base;
    const id = schema[dialect === "draft-04" ? "id" : "$id"];
    if (typeof id === "string") {
      const resolved = resolve(id, base);
      if (resolved !== undefined) {
        const hash = resolved.indexOf("#");
        const fragment = hash < 0 ? "" : resolved.slice(hash + 1);
        if (!id.startsWith("#")) {
          own = withoutFragment(resolved);
          if (!this.resources.has(own)) this.resources.set(own, schema);
        }
        // Before 2019-09, an `$id` with a plain-name fragment is an anchor.
        if (fragment !== "" && !fragment.startsWith("/")) this.anchor(own, fragment, schema);
      }
    }
    if (typeof schema["$anchor"] === "string") this.anchor(own, schema["$anchor"], schema);
    const dynamic = schema["$dynamicAnchor"];
    if (typeof dynamic === "string") {
      this.anchor(own, dynamic, schema);
      const named = this.dynamicAnchors.get(dynamic) ?? [];
      named.push(schema);
      this.dynamicAnchors.set(dynamic, named);
    }
    if (schema["$recursiveAnchor"] === true) this.recursiveAnchors.push(schema);
    return own;
  }

  private anchor(base: string, name: string, schema: SchemaObject): void {
    const key = `${base}#${decodeFragment(name) ?? name}`;
    if (!this.anchors.has(key)) this.anchors.set(key, schema);
  }

  /** The schemas a reference may lead to (booleans lead nowhere), or undefined when it cannot be told from the bundle. */
  targets(node: IndexedSchema, ref: { keyword: ReferenceKeyword; value: string }): SchemaObject[] | undefined {
    const found: SchemaObject[] = [];
    for (const base of node.refBases) {
      const resolved = resolve(ref.value, base);
      if (resolved === undefined) return undefined;
      const target = this.lookUp(resolved);
      if (target === undefined) return undefined;
      if (target !== true) found.push(target);
    }
    const hash = ref.value.indexOf("#");
    const name = hash < 0 ? "" : decodeFragment(ref.value.slice(hash + 1));
    if (ref.keyword === "$dynamicRef" && name !== undefined && name !== "" && !name.startsWith("/")) found.push(...(this.dynamicAnchors.get(name) ?? []));
    if (ref.keyword === "$recursiveRef") found.push(...this.recursiveAnchors);
    return found;
  }

  /** The schema an absolute URI names: an object, `true` for a boolean schema, undefined for nothing known. */
  private lookUp(uri: string): SchemaObject | true | undefined {
    const hash = uri.indexOf("#");
    const resourceUri = hash < 0 ? uri : uri.slice(0, hash);
    const fragment = hash < 0 ? "" : uri.slice(hash + 1);
    const resource = this.resources.get(resourceUri) ?? (resourceUri === this.rootBase ? this.rootSchema() : undefined);
    if (resource === undefined) return undefined;
    let target: JsonValue | undefined;
    if (fragment === "") target = resource;
    else if (fragment.startsWith("/")) {
      const pointer = fragmentToPointer(fragment);
      target = pointer === undefined ? undefined : (getAtPointer(resource, pointer) as JsonValue | undefined);
    } else {
      const name = decodeFragment(fragment);
      target = name === undefined ? undefined : this.anchors.get(`${resourceUri}#${name}`);
    }
    if (typeof target === "boolean") return true;
    if (!isObject(target)) return undefined;
    // A reference into a place no keyword marks as a schema: indexed from there on.
    if (!this.nodes.has(target)) this.add(target, resourceUri);
    return target;
  }

  /** The first schema indexed: the document's root, which its own base names when it has no `$id`. */
  private rootSchema(): SchemaObject | undefined {
    return this.nodes.keys().next().value;
  }
}

/**
 * Depth-first from `start` with an explicit stack: an edge back to a schema
 * still on the path is a cycle. Schemas found to reach no cycle are
 * remembered in `acyclic`, for this question and later ones.
 */
function reachesCycle(index: SchemaIndex, start: SchemaObject, acyclic: Set<SchemaObject>): boolean {
  const onPath = new Set<SchemaObject>();
  const stack: { schema: SchemaObject; next: SchemaObject[]; at: number }[] = [];
  const enter = (schema: SchemaObject): boolean => {
    const node = index.nodes.get(schema)!;
    const next = [...node.applied];
    for (const ref of node.refs) {
      const targets = index.targets(node, ref);
      if (targets === undefined) return false;
      next.push(...targets);
    }
    onPath.add(schema);
    stack.push({ schema, next, at: 0 });
    return true;
  };
  if (acyclic.has(start)) return false;
  if (!enter(start)) return true;
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.at === frame.next.length) {
      // Everything it leads to is explored and no reference came back to the path: no cycle from here.
      stack.pop();
      onPath.delete(frame.schema);
      acyclic.add(frame.schema);
      continue;
    }
    const child = frame.next[frame.at++]!;
    if (onPath.has(child)) return true;
    if (acyclic.has(child)) continue;
    if (!enter(child)) return true;
  }
  return false;
}

/** Each subschema position of a schema object, with the keyword that holds it. */
function* subschemas(schema: SchemaObject): Generator<[string, JsonValue]> {
  for (const keyword of Object.keys(schema)) {
    const value = schema[keyword]!;
    if (SCHEMA_KEYWORDS.has(keyword)) yield [keyword, value];
    else if (SCHEMA_MAP_KEYWORDS.has(keyword)) {
      if (isObject(value)) for (const name of Object.keys(value)) yield [keyword, value[name]!];
    } else if (SCHEMA_LIST_KEYWORDS.has(keyword) || keyword === ITEMS_KEYWORD) {
      if (Array.isArray(value)) for (const item of value) yield [keyword, item];
      else if (keyword === ITEMS_KEYWORD) yield [keyword, value];
    }
  }
}

function isObject(value: JsonValue | undefined): value is SchemaObject {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function resolve(reference: string, base: string): string | undefined {
  try {
    return new URL(reference, base).href;
  } catch {
    return undefined;
  }
}

function withoutFragment(uri: string): string {
  const hash = uri.indexOf("#");
  return hash < 0 ? uri : uri.slice(0, hash);
}

function decodeFragment(fragment: string): string | undefined {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return undefined;
  }
}
