import { getAtPointer, joinPointer, pointerToFragment } from "../../core/json-pointer.js";
import { defineKey, isJsonObject, type JsonObject } from "../../core/json-object.js";
import type { JsonValue } from "../../core/json-value.js";
import { copyDocument, type KeywordReplacement } from "../../schema/copy-document.js";
import { walkSchema } from "../../schema/walk-schema.js";
import type { IndexedDocument, ResolvedGraph } from "../../schema/resolved-graph.js";
import { EMBEDDED_KEY, ROOT_KEY, TYPE_NAME_MARKER, WRAPPER_NAME } from "../../repairs/support/generator-input.js";
import { sourceDrops, type Repair, type RepairApplication } from "../../repairs/support/repair.js";
import type { TypeNames } from "../shared/type-names.js";
import { DATA_KEYWORDS } from "../../schema/keywords.js";

export interface GeneratorInput {
  schema: JsonObject;
  rootName: string;
  /** Names imported from other contracts' modules, by the key of the declaring document. */
  imports: Map<string, Set<string>>;
  applications: RepairApplication[];
  /**
   * References inside the input hold a token (`charter-target:N`) until the
   * repairs have run, because repairs move subschemas around; the token names
   * the target subschema itself, whose final position `finalizeReferences` finds.
   */
  targets: Map<string, JsonValue>;
}

const TOKEN_PREFIX = "charter-target:";

/**
 * The schema json-schema-to-typescript receives for one contract: the
 * contract's own document, with every reference rewritten to what the
 * generator can follow without a network or a file system:
 * - inside the document: a JSON pointer;
 * - to the root or a top-level definition of another contract: `tsType`, the
 *   name of the type that contract's module exports, imported with `import type`;
 * - anything else (a deeper pointer, a catalog file): a pointer into a copy of
 *   the target document kept under `x-charter-embedded`.
 */
export function prepareGeneratorInput(
  graph: ResolvedGraph,
  contractKey: string,
  typeNames: TypeNames,
  repairs: readonly Repair[],
): GeneratorInput {
  const contract = graph.documents.get(contractKey)!;
  const rootName = typeNames.byDocument.get(contractKey)!.get("")!;
  const targetLocations = new Map<string, { documentKey: string; pointer: string }>();
  const context: InputContext = {
    contractKey,
    contractName: contract.document.name,
    typeNames,
    repairs,
    imports: new Map<string, Set<string>>(),
    applications: [],
    pending: [contractKey],
    copies: new Map<string, JsonValue>(),
    tokenFor: (documentKey, pointer) => {
      const token = `${TOKEN_PREFIX}${targetLocations.size}`;
      targetLocations.set(token, { documentKey, pointer });
      return token;
    },
    embeddedPath: (key) =>
      key === contractKey
        ? joinPointer("", ROOT_KEY)
        : joinPointer("", EMBEDDED_KEY, graph.documents.get(key)!.document.name),
  };
  const embedded = copyDocuments(graph, context);

  const root = context.copies.get(contractKey)!;
  const document: JsonObject = isJsonObject(root) ? root : root === false ? { tsType: "never" } : { tsType: "unknown" };
  booleanDefinitionsAsObjects(document);
  const targets = new Map<string, JsonValue>();
  for (const [token, { documentKey, pointer }] of targetLocations) {
    const copy = documentKey === contractKey ? document : context.copies.get(documentKey)!;
    targets.set(token, getAtPointer(copy, pointer) as JsonValue);
  }
  // The generator names a schema after its `$id` when nothing else names it; only charter names types.
  for (const copy of [document, ...embedded.values()]) {
    walkSchema<null>(copy, null, (subschema) => {
      delete subschema["$id"];
      return null;
    });
  }
  const properties = namedProperties(document, context, targets);
  mergeDefinitions(document);
  const schema = wrapperSchema(document, properties, embedded);
  return { schema, rootName, imports: context.imports, applications: context.applications, targets };
}

/**
 * Copies the contract's document, then each document its references queue (see referenceReplacements);
 * returns the copies of the others, by document name, to embed.
 */
function copyDocuments(graph: ResolvedGraph, context: InputContext): Map<string, JsonValue> {
  const embedded = new Map<string, JsonValue>();
  while (context.pending.length > 0) {
    const key = context.pending.shift()!;
    if (context.copies.has(key)) continue;
    const entry = graph.documents.get(key)!;
    const copy = copyForGenerator(entry, key, context);
    context.copies.set(key, copy);
    if (key !== context.contractKey) embedded.set(entry.document.name, copy);
  }
  return embedded;
}

/**
 * One document as the generator reads it: its references replaced, the keywords that
 * repairs drop left out, and stray `$ref`s made `unknown`.
 */
function copyForGenerator(entry: IndexedDocument, key: string, context: InputContext): JsonValue {
  const replacements = new Map<string, KeywordReplacement>();
  // A `$ref` that is no reference site sits where no keyword declares a schema (under an unknown keyword,
  // such as vega's `defs`): it describes no type, but the generator's resolver would follow it, and fail
  // the contract on a pointer the move under the wrapper broke.
  const sites = new Set(entry.references.map(({ site }) => joinPointer(site.pointer, site.keyword)));
  const strays = refKeywordPointers(entry.document.value).filter((pointer) => !sites.has(pointer));
  for (const [pointer, replacement] of referenceReplacements(entry, key, context))
    replacements.set(pointer, replacement);
  // Keywords of the generator's own vocabulary that an author wrote (repairs' `source` depth) go before charter writes its own.
  const drops = sourceDrops(context.repairs, entry.document.value, entry.index.schemaPointers);
  for (const { repair, pointer } of drops.applied)
    context.applications.push({
      repair,
      contract: context.contractName,
      location: reportedPointer(context.embeddedPath(key) + pointer),
    });
  const copy = copyDocument(entry, replacements, { orderKeys: drops.keep });
  for (const pointer of strays) {
    const holder = getAtPointer(copy, pointer.slice(0, pointer.lastIndexOf("/")));
    if (!isJsonObject(holder as JsonValue) || typeof (holder as JsonObject)["$ref"] !== "string") continue;
    delete (holder as JsonObject)["$ref"];
    (holder as JsonObject)["tsType"] = "unknown";
  }
  return copy;
}

/**
 * Marks the types the contract declares with their names, and gives each a property of the
 * wrapper that refers to it (through a token, in `targets`), so that the generator declares it.
 */
function namedProperties(document: JsonObject, context: InputContext, targets: Map<string, JsonValue>): JsonObject {
  const names = context.typeNames.byDocument.get(context.contractKey)!;
  // A bare alias of a definition under the same name is that definition: only the definition is declared.
  const aliases = context.typeNames.aliases.get(context.contractKey) ?? new Set<string>();
  const declared = new Map([...names].filter(([pointer]) => !aliases.has(pointer)));
  markNames(document, declared);
  const properties: JsonObject = {};
  for (const [pointer, name] of declared) {
    const token = context.tokenFor(context.contractKey, pointer);
    targets.set(token, getAtPointer(document, pointer) as JsonValue);
    properties[name] = { $ref: token };
  }
  return properties;
}

/** What the generator receives: a wrapper object whose properties name the types, holding the documents. */
function wrapperSchema(
  document: JsonObject,
  properties: JsonObject,
  embedded: ReadonlyMap<string, JsonValue>,
): JsonObject {
  const schema: JsonObject = {
    [TYPE_NAME_MARKER]: WRAPPER_NAME,
    type: "object",
    additionalProperties: false,
    properties,
    [ROOT_KEY]: document,
  };
  for (const [name, copy] of [...embedded].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    // Files reached through a catalog are not contracts: their types stay inline, unnamed.
    if (!isJsonObject(schema[EMBEDDED_KEY])) schema[EMBEDDED_KEY] = {};
    defineKey(schema[EMBEDDED_KEY] as JsonObject, name, copy);
  }
  return schema;
}

/** What building one contract's input shares across the documents it copies. */
interface InputContext {
  contractKey: string;
  contractName: string;
  typeNames: TypeNames;
  repairs: readonly Repair[];
  /** Types imported from other contracts' modules, by their document key. */
  imports: Map<string, Set<string>>;
  applications: RepairApplication[];
  /** Documents still to copy into the input, and those copied. */
  pending: string[];
  copies: Map<string, JsonValue>;
  /** A stand-in `$ref` for a location, resolved once every copy exists (see finalizeReferences). */
  tokenFor: (documentKey: string, pointer: string) => string;
  /** Where a document sits in the input, for the location a repair reports. */
  embeddedPath: (key: string) => string;
}

/**
 * What each reference of a document becomes in the generator's input: the
 * name of a type another contract exports (imported), `unknown` where nothing
 * is known, or a stand-in for a location the input holds (whose document is
 * then queued for copying). A reference the generator cannot follow and no
 * repair covers is left as written.
 */
function referenceReplacements(
  entry: IndexedDocument,
  key: string,
  context: InputContext,
): Map<string, KeywordReplacement> {
  const replacements = new Map<string, KeywordReplacement>();
  for (const { site, target, dangling } of entry.references) {
    const keywordPointer = joinPointer(site.pointer, site.keyword);
    if (dangling) {
      // A reference that names nothing, which evaluation from the contract's root never reaches (or there
      // would be no types): nothing is known of what it accepts.
      replacements.set(keywordPointer, { key: "tsType", value: "unknown" });
      continue;
    }
    if (!target) {
      // A dialect's meta-schema: a schema, whose type is not worth spelling out.
      replacements.set(keywordPointer, { key: "tsType", value: "unknown" });
      continue;
    }
    const usesAnchor = target.anchor !== undefined;
    if (usesAnchor || site.keyword !== "$ref") {
      const repair = context.repairs.find((r) =>
        r.reference?.({ keyword: site.keyword, value: site.value, usesAnchor }),
      );
      if (!repair) continue; // left as written: the gap the repair exists for
      context.applications.push({
        repair: repair.id,
        contract: context.contractName,
        location: reportedPointer(context.embeddedPath(key) + site.pointer),
      });
    }
    const exported =
      target.documentKey !== context.contractKey
        ? context.typeNames.byDocument.get(target.documentKey)?.get(target.pointer)
        : undefined;
    if (exported !== undefined) {
      if (!context.imports.has(target.documentKey)) context.imports.set(target.documentKey, new Set());
      context.imports.get(target.documentKey)!.add(exported);
      replacements.set(keywordPointer, { key: "tsType", value: exported });
      continue;
    }
    if (target.documentKey !== context.contractKey && !context.copies.has(target.documentKey))
      context.pending.push(target.documentKey);
    replacements.set(keywordPointer, { key: "$ref", value: context.tokenFor(target.documentKey, target.pointer) });
  }
  return replacements;
}

/** A definition that is `true` or `false` still exports a type: give it an object to carry its name. */
function booleanDefinitionsAsObjects(document: JsonObject): void {
  for (const defsKeyword of ["$defs", "definitions"]) {
    const defs = document[defsKeyword];
    if (!isJsonObject(defs)) continue;
    for (const [key, def] of Object.entries(defs))
      if (typeof def === "boolean") defs[key] = { tsType: def ? "unknown" : "never" };
  }
}

/** The generator refuses a document with both `$defs` and `definitions`: the objects move, and references follow them (see finalizeReferences). */
function mergeDefinitions(document: JsonObject): void {
  if (isJsonObject(document["$defs"]) && isJsonObject(document["definitions"])) {
    const defs = document["$defs"] as JsonObject;
    for (const [key, def] of Object.entries(document["definitions"] as JsonObject)) {
      if (!Object.prototype.hasOwnProperty.call(defs, key)) defineKey(defs, key, def);
      else defineKey(defs, `definitions-${key}`, def);
    }
    delete document["definitions"];
  }
}

function markNames(schema: JsonObject, names: ReadonlyMap<string, string>): void {
  if (names.has("")) schema[TYPE_NAME_MARKER] = names.get("")!;
  for (const defsKeyword of ["$defs", "definitions"]) {
    const defs = schema[defsKeyword];
    if (!isJsonObject(defs)) continue;
    for (const [key, def] of Object.entries(defs)) {
      const name = names.get(joinPointer("", defsKeyword, key));
      if (name !== undefined && isJsonObject(def)) def[TYPE_NAME_MARKER] = name;
    }
  }
}

/** Pointers as users read them: into the contract's own document, or into an embedded one. */
export function reportedPointer(pointer: string): string {
  const rootPrefix = joinPointer("", ROOT_KEY);
  return pointer === rootPrefix
    ? ""
    : pointer.startsWith(rootPrefix + "/")
      ? pointer.slice(rootPrefix.length)
      : pointer;
}

/**
 * Replaces each reference token with the JSON pointer where its target now
 * sits. A target that is a boolean schema, or that a repair removed, becomes
 * the type it stands for (`unknown`, or `never` for `false`).
 */
export function finalizeReferences(input: GeneratorInput): void {
  const positions = new Map<object, string>();
  const holders: JsonObject[] = [];
  const visit = (value: JsonValue, pointer: string) => {
    if (value === null || typeof value !== "object") return;
    if (positions.has(value)) return;
    positions.set(value, pointer);
    if (Array.isArray(value)) {
      value.forEach((item, i) => visit(item, joinPointer(pointer, i)));
      return;
    }
    if (typeof value["$ref"] === "string" && value["$ref"].startsWith(TOKEN_PREFIX)) holders.push(value);
    for (const [key, child] of Object.entries(value)) visit(child, joinPointer(pointer, key));
  };
  visit(input.schema, "");
  for (const holder of holders) {
    const target = input.targets.get(holder["$ref"] as string);
    const pointer = target !== null && typeof target === "object" ? positions.get(target) : undefined;
    if (pointer !== undefined) {
      holder["$ref"] = "#" + pointerToFragment(pointer);
    } else {
      delete holder["$ref"];
      holder["tsType"] = target === false ? "never" : "unknown";
    }
  }
}

/** Pointers of every `$ref` member holding a string, outside data keywords. */
function refKeywordPointers(value: JsonValue, pointer = "", found: string[] = []): string[] {
  if (value === null || typeof value !== "object") return found;
  if (Array.isArray(value)) {
    value.forEach((item, i) => refKeywordPointers(item, joinPointer(pointer, i), found));
    return found;
  }
  for (const [key, child] of Object.entries(value)) {
    if (key === "$ref" && typeof child === "string") found.push(joinPointer(pointer, key));
    else if (!DATA_KEYWORDS.has(key)) refKeywordPointers(child, joinPointer(pointer, key), found);
  }
  return found;
}
