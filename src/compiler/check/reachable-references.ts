import type { Diagnostic } from "../../core/diagnostic.js";
import { documentClosure } from "../../schema/document-closure.js";
import { isJsonObject } from "../../core/json-object.js";
import { getAtPointer, joinPointer } from "../../core/json-pointer.js";
import type { JsonValue } from "../../core/json-value.js";
import type { ResolvedGraph, ResolvedReference } from "../../schema/resolved-graph.js";
import { ITEMS_KEYWORD, SCHEMA_KEYWORDS, SCHEMA_LIST_KEYWORDS, SCHEMA_MAP_KEYWORDS } from "../../schema/keywords.js";
import { CHECK_CODES } from "./codes.js";

/** A reference that names nothing, in the document that holds it. */
export interface DanglingSite {
  documentKey: string;
  reference: ResolvedReference & { dangling: Diagnostic };
}

export interface DanglingVerdict {
  /** One finding per site: its error where some contract's root reaches it, a CH309 warning where none does. */
  diagnostics: Diagnostic[];
  /** By contract key: the sites evaluation from its root reaches. Such a contract is not produced. */
  reachedFromRoot: Map<string, DanglingSite[]>;
  /** By contract key: its top-level definitions (`/$defs/K`) whose evaluation reaches a site: no validator is exported for them. */
  withheld: Map<string, Set<string>>;
}

/** Where definitions are kept: schemas there apply only when a reference names them. */
const DEFINITION_KEYWORDS = ["$defs", "definitions"];
/** How many names a message lists before it counts the rest. */
const LISTED = 3;

/**
 * ajv resolves a reference only when evaluation reaches it, so a `$ref` that
 * names nothing inside a definition nobody uses compiles there. This finds,
 * for each contract, what evaluation from its root can apply: every
 * applicator keyword (not `$defs`) and every resolved reference, across
 * documents; a `$dynamicRef` or `$recursiveRef` also reaches every schema of
 * the contract's documents its dynamic scope could make it name. A reference
 * that names nothing is an error only where some contract's root reaches it,
 * and then only that contract fails; elsewhere it is one warning at its place,
 * and the top-level definitions that reach it lose their validator exports.
 */
export function danglingReferences(graph: ResolvedGraph, contractKeys: readonly string[]): DanglingVerdict {
  const verdict: DanglingVerdict = { diagnostics: [], reachedFromRoot: new Map(), withheld: new Map() };
  const sites: DanglingSite[] = [];
  for (const [documentKey, entry] of graph.documents) {
    for (const reference of entry.references)
      if (reference.dangling) sites.push({ documentKey, reference: reference as DanglingSite["reference"] });
  }
  if (sites.length === 0) return verdict;
  const holders = new Set(sites.map((s) => s.documentKey));
  const graphIndex = indexGraph(graph);

  // By site: the contracts whose bundles hold it, those whose root reaches it, and the definitions that reach it.
  const embeddedBy = new Map<DanglingSite, string[]>();
  const reachedBy = new Map<DanglingSite, string[]>();
  const definitionsReaching = new Map<DanglingSite, string[]>();
  const add = <K, V>(map: Map<K, V[]>, key: K, value: V) => map.set(key, [...(map.get(key) ?? []), value]);
  const siteOf = new Map<ResolvedReference, DanglingSite>(sites.map((s) => [s.reference, s]));

  for (const contractKey of contractKeys) {
    const contract = graph.documents.get(contractKey);
    if (!contract) continue;
    const scope = documentClosure(graph, contractKey);
    if (![...scope].some((key) => holders.has(key))) continue;
    const name = contract.document.name;
    for (const site of sites) if (scope.has(site.documentKey)) add(embeddedBy, site, name);
    const reachedSites = (pointer: string) =>
      [...new Set(reach(graph, graphIndex, scope, contractKey, pointer))].map((r) => siteOf.get(r)!);
    const fromRoot = reachedSites("");
    if (fromRoot.length > 0) verdict.reachedFromRoot.set(contractKey, fromRoot);
    for (const site of fromRoot) add(reachedBy, site, name);
    // A contract that fails exports nothing: what its definitions reach does not matter.
    const root = contract.document.value;
    if (fromRoot.length > 0 || !isJsonObject(root)) continue;
    for (const keyword of DEFINITION_KEYWORDS) {
      const defs = root[keyword];
      if (!isJsonObject(defs)) continue;
      for (const key of Object.keys(defs)) {
        const pointer = joinPointer("", keyword, key);
        const reached = reachedSites(pointer);
        if (reached.length === 0) continue;
        if (!verdict.withheld.has(contractKey)) verdict.withheld.set(contractKey, new Set());
        verdict.withheld.get(contractKey)!.add(pointer);
        for (const site of reached) add(definitionsReaching, site, `${name}#${pointer}`);
      }
    }
  }

  for (const site of sites) {
    const { dangling } = site.reference;
    const reachers = reachedBy.get(site);
    if (reachers) {
      // Within its own contract it is the plain error it always was; elsewhere, say whose evaluation gets there.
      const own = reachers.length === 1 && reachers[0] === graph.documents.get(site.documentKey)!.document.name;
      verdict.diagnostics.push(
        own
          ? dangling
          : { ...dangling, message: `${dangling.message}; evaluation from the root of ${listed(reachers)} reaches it` },
      );
      continue;
    }
    const embedders = embeddedBy.get(site) ?? [];
    const definitions = definitionsReaching.get(site) ?? [];
    const never =
      embedders.length > 0 ? `no evaluation from the root of ${listed(embedders)} reaches it` : "no contract embeds it";
    const one = definitions.length === 1;
    const lost =
      definitions.length === 0
        ? ""
        : `; ${listed(definitions)} ${one ? "reaches it, so it gets" : "reach it, so they get"} no validator export, and ${one ? "its type has" : "their types have"} unknown there`;
    verdict.diagnostics.push({
      ...dangling,
      code: CHECK_CODES.unreachedDangling.code,
      severity: "warning",
      message: `${dangling.message}, but ${never}: the bundle refuses any value that gets there${lost}`,
    });
  }
  return verdict;
}

interface GraphIndex {
  /** The references of every schema, by `documentKey#pointer` of the schema that holds them. */
  referencesAt: Map<string, ResolvedReference[]>;
  /** By document, made when a dynamic reference first needs it: its schemas with a `$dynamicAnchor` (by name) and with `$recursiveAnchor: true`. */
  anchors: (documentKey: string) => { dynamic: Map<string, string[]>; recursive: string[] };
}

function indexGraph(graph: ResolvedGraph): GraphIndex {
  const referencesAt = new Map<string, ResolvedReference[]>();
  for (const [documentKey, entry] of graph.documents) {
    for (const reference of entry.references) {
      const node = `${documentKey}#${reference.site.pointer}`;
      referencesAt.set(node, [...(referencesAt.get(node) ?? []), reference]);
    }
  }
  const made = new Map<string, { dynamic: Map<string, string[]>; recursive: string[] }>();
  const anchors = (documentKey: string) => {
    let found = made.get(documentKey);
    if (found) return found;
    found = { dynamic: new Map(), recursive: [] };
    made.set(documentKey, found);
    const entry = graph.documents.get(documentKey);
    for (const pointer of entry?.index.schemaPointers ?? []) {
      const schema = schemaAt(entry!.document.value, pointer);
      const name = schema?.["$dynamicAnchor"];
      if (typeof name === "string") found.dynamic.set(name, [...(found.dynamic.get(name) ?? []), pointer]);
      if (schema?.["$recursiveAnchor"] === true) found.recursive.push(pointer);
    }
    return found;
  };
  return { referencesAt, anchors };
}

function schemaAt(document: JsonValue, pointer: string): { [key: string]: JsonValue } | undefined {
  const value = getAtPointer(document, pointer) as JsonValue | undefined;
  return isJsonObject(value) ? value : undefined;
}

/**
 * The dangling references that evaluation of the schema at `pointer` of
 * `documentKey` can reach, in the order met. Iterative: documents nest deeply.
 */
function reach(
  graph: ResolvedGraph,
  index: GraphIndex,
  scope: ReadonlySet<string>,
  documentKey: string,
  pointer: string,
): ResolvedReference[] {
  const found: ResolvedReference[] = [];
  const seen = new Set<string>();
  const stack: [string, string][] = [[documentKey, pointer]];
  while (stack.length > 0) {
    const [key, at] = stack.pop()!;
    const node = `${key}#${at}`;
    if (seen.has(node)) continue;
    seen.add(node);
    const schema = schemaAt(graph.documents.get(key)!.document.value, at);
    if (!schema) continue;
    for (const child of appliedSubschemas(schema, at)) stack.push([key, child]);
    for (const reference of index.referencesAt.get(node) ?? []) {
      if (reference.dangling) found.push(reference);
      if (reference.target) stack.push([reference.target.documentKey, reference.target.pointer]);
      if (reference.site.keyword !== "$ref") stack.push(...dynamicTargets(index, scope, reference));
    }
  }
  return found;
}

/** Pointers of the subschemas a schema applies (or may apply) to some value: everything but definitions and data. */
function appliedSubschemas(schema: { [key: string]: JsonValue }, pointer: string): string[] {
  const children: string[] = [];
  for (const [keyword, value] of Object.entries(schema)) {
    const here = joinPointer(pointer, keyword);
    if (SCHEMA_KEYWORDS.has(keyword)) children.push(here);
    else if (SCHEMA_MAP_KEYWORDS.has(keyword) && !DEFINITION_KEYWORDS.includes(keyword)) {
      if (isJsonObject(value)) for (const name of Object.keys(value)) children.push(joinPointer(here, name));
    } else if (SCHEMA_LIST_KEYWORDS.has(keyword) || keyword === ITEMS_KEYWORD) {
      if (Array.isArray(value)) value.forEach((_, i) => children.push(joinPointer(here, i)));
      else if (keyword === ITEMS_KEYWORD) children.push(here);
    }
  }
  return children;
}

/**
 * What a `$dynamicRef` or `$recursiveRef` may name besides its static target,
 * taken wide: every schema of the contract's documents with a
 * `$dynamicAnchor` of the fragment's name, or with `$recursiveAnchor: true`.
 * A `$dynamicRef` whose fragment is a JSON pointer is a plain `$ref`.
 */
function dynamicTargets(
  index: GraphIndex,
  scope: ReadonlySet<string>,
  reference: ResolvedReference,
): [string, string][] {
  const { keyword, value } = reference.site;
  const fragment = value.includes("#") ? value.slice(value.indexOf("#") + 1) : "";
  if (keyword === "$dynamicRef" && (fragment === "" || fragment.startsWith("/"))) return [];
  const name = safeDecode(fragment);
  const targets: [string, string][] = [];
  for (const key of scope) {
    const pointers = keyword === "$dynamicRef" ? index.anchors(key).dynamic.get(name) : index.anchors(key).recursive;
    for (const pointer of pointers ?? []) targets.push([key, pointer]);
  }
  return targets;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Up to three names, then how many more; sorted, so a message never depends on source order. */
function listed(names: readonly string[]): string {
  const sorted = [...new Set(names)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (sorted.length <= LISTED)
    return sorted.length === 1 ? sorted[0]! : `${sorted.slice(0, -1).join(", ")} and ${sorted[sorted.length - 1]!}`;
  return `${sorted.slice(0, LISTED).join(", ")} and ${sorted.length - LISTED} more`;
}
