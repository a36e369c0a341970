import { errorAt } from "../../core/diagnostic.js";
import { getAtPointer, joinPointer } from "../../core/json-pointer.js";
import { isJsonObject, type JsonObject } from "../../core/json-object.js";
import type { JsonValue } from "../../core/json-value.js";
import type { IndexedDocument, ResolvedGraph } from "../../schema/resolved-graph.js";
import { NAMING_CODES } from "./naming-codes.js";
import type { Claim, ContractClaims, NameClashes, TypeNames } from "./name-claims.js";
import { settleClashes } from "./settle-clashes.js";

export type { ContractClaims, NameClashes, TypeNames } from "./name-claims.js";
import { CHARTER_KEYWORD } from "../../schema/keywords.js";

/** The keyword that names a contract's root type or one of its definitions explicitly. */
export const NAME_KEYWORD = CHARTER_KEYWORD.name;

/** How names are made when the source sets none: `short` (`Envelope`, `Outcome`) or `qualified` (definitions prefixed by their contract: `EnvelopeOutcome`). */
export type NamingStyle = "short" | "qualified";

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * `agent-envelope`, `agent_envelope`, `agentEnvelope` all become
 * `AgentEnvelope`. The generator rewrites every name it is given into its own
 * safe form (a capital after a digit, no `_` before a lower-case letter, no
 * leading digit), so names are made in that form already: the name charter
 * imports is then the name the generator declares.
 */
export function pascalCase(text: string): string {
  const words = text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w !== "");
  const joined = words
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join("")
    .replace(/([0-9])([a-z])/g, (_, digit: string, letter: string) => digit + letter.toUpperCase());
  if (joined === "") return "Type";
  return /^[0-9]/.test(joined) ? `_${joined}` : joined;
}

/** Whether the generator would keep `name` as it is (see `pascalCase`). */
export function isStableName(name: string): boolean {
  return IDENTIFIER.test(name) && !/^[a-z]/.test(name) && !/_[a-z]/.test(name) && !/[0-9$][a-z]/.test(name);
}

/** Keywords that leave a schema a bare reference: it says nothing its target does not. */
const ALIAS_SIBLINGS = new Set([
  "$ref",
  "$schema",
  "$id",
  "$comment",
  "$defs",
  "definitions",
  "title",
  "description",
  "examples",
  NAME_KEYWORD,
]);

/**
 * Names every type a contract exports: its root and each top-level definition.
 * Names come from the contract name and the definition keys (or
 * `x-charter-name`), never from titles or from the order the generator meets
 * schemas, and are unique across all contracts. A schema that is only a `$ref`
 * to a definition of the same document under the same name is that
 * definition's type: one name, one declaration. Other clashes of derived
 * names are settled by place (see `settleClashes`) or, with `clashes: error`,
 * refused.
 */
export function assignTypeNames(
  graph: ResolvedGraph,
  contractKeys: readonly string[],
  style: NamingStyle,
  clashes: NameClashes = "qualify",
  /** The claims, by document key, of contracts the graph does not hold (a record's). */
  recorded?: ReadonlyMap<string, ContractClaims>,
): TypeNames {
  const names: TypeNames = {
    byDocument: new Map(),
    aliases: new Map(),
    failed: new Set(),
    diagnostics: [],
    claims: new Map(),
  };
  const claims: Claim[] = [];
  // What the record keeps of each claim made now, given the position of those settling finds of.
  const snapshots = new Map<Claim, ContractClaims["claims"][number]>();
  for (const key of contractKeys) {
    const entry = graph.documents.get(key);
    if (entry === undefined) {
      claims.push(...recordedClaims(key, recorded!.get(key)!, names));
      continue;
    }
    const findingsBefore = names.diagnostics.length;
    const merged = claimsOf(entry, key, style, names);
    names.claims.set(key, {
      path: entry.document.relativePath ?? entry.document.name,
      file: entry.document.file,
      claims: merged.map((claim) => {
        const kept = {
          name: claim.name,
          pointers: [...claim.pointers],
          label: claim.label,
          explicit: claim.explicit,
          fallbacks: [...claim.fallbacks],
        };
        snapshots.set(claim, kept);
        return kept;
      }),
      aliases: [...(names.aliases.get(key) ?? [])],
      failed: names.failed.has(key),
      diagnostics: names.diagnostics.slice(findingsBefore),
    });
    claims.push(...merged);
  }

  settleClashes(claims, clashes, names);
  for (const [claim, recorded] of snapshots) if (claim.reportedAt !== undefined) recorded.position = claim.reportedAt;
  for (const claim of claims) {
    if (!names.byDocument.has(claim.documentKey)) names.byDocument.set(claim.documentKey, new Map());
    for (const pointer of claim.pointers) names.byDocument.get(claim.documentKey)!.set(pointer, claim.name);
  }
  // The root first, then the definitions as written (a merged root arrives with its definition).
  for (const [key, perDocument] of names.byDocument)
    names.byDocument.set(key, new Map([...perDocument].sort(([a], [b]) => Number(a !== "") - Number(b !== ""))));
  return names;
}

/** One contract's claims: its root and each top-level definition, bare aliases merged into what they name. */
function claimsOf(entry: IndexedDocument, key: string, style: NamingStyle, names: TypeNames): Claim[] {
  const { document } = entry;
  const root = document.value;
  const place = document.relativePath ?? document.name;
  const explicit = (schema: unknown, pointer: string): string | undefined => {
    if (!isJsonObject(schema as never)) return undefined;
    const value = (schema as Record<string, unknown>)[NAME_KEYWORD];
    if (value === undefined) return undefined;
    if (typeof value !== "string" || !isStableName(value)) {
      const at = joinPointer(pointer, NAME_KEYWORD);
      const hint =
        typeof value === "string" && IDENTIFIER.test(value)
          ? `; json-schema-to-typescript would rename it, write ${pascalCase(value)}`
          : "";
      names.diagnostics.push(
        errorAt(
          NAMING_CODES.badName,
          `${NAME_KEYWORD} ${JSON.stringify(value)} is not a type name charter can keep${hint}`,
          { file: document.file, position: document.positions.get(at), pointer: at },
        ),
      );
      names.failed.add(key);
      return undefined;
    }
    return value;
  };
  const own: Claim[] = [];
  const givenRoot = explicit(root, "");
  const rootName = givenRoot ?? pascalCase(document.name);
  own.push({
    name: rootName,
    documentKey: key,
    pointers: [""],
    path: place,
    file: document.file,
    position: () => ({ line: 1, column: 1 }),
    label: `${place} (root)`,
    explicit: givenRoot !== undefined,
    fallbacks: [document.name.split("/").map(pascalCase).join("_")].filter((n) => n !== rootName && isStableName(n)),
  });
  const definitionKeys = new Map<string, string>();
  if (isJsonObject(root)) {
    for (const defsKeyword of ["$defs", "definitions"]) {
      const defs = root[defsKeyword];
      if (!isJsonObject(defs)) continue;
      for (const [defKey, schema] of Object.entries(defs)) {
        // A value that is no schema (a stray string, such as `description` written one level too deep) exports no type;
        // the meta-schema check (CH304) reports it.
        if (!isJsonObject(schema) && typeof schema !== "boolean") continue;
        const pointer = joinPointer("", defsKeyword, defKey);
        definitionKeys.set(pointer, defKey);
        const given = explicit(schema, pointer);
        const short = pascalCase(defKey);
        const name = given ?? (style === "qualified" ? rootName + short : short);
        const fallbacks = [rootName + short, `${rootName}_${short}`].filter((n) => n !== name && isStableName(n));
        own.push({
          name,
          documentKey: key,
          pointers: [pointer],
          path: place,
          file: document.file,
          position: () => document.keyPositions.get(pointer),
          label: `${place}#${pointer}`,
          explicit: given !== undefined,
          fallbacks,
        });
      }
    }
  }
  return mergeAliases(entry.document.value, entry.references, key, own, definitionKeys, names);
}

/** A recorded contract's claims, as `assignTypeNames` made them when its document was read. */
function recordedClaims(key: string, recorded: ContractClaims, names: TypeNames): Claim[] {
  if (recorded.aliases.length > 0) names.aliases.set(key, new Set(recorded.aliases));
  if (recorded.failed) names.failed.add(key);
  names.diagnostics.push(...recorded.diagnostics);
  names.claims.set(key, recorded);
  return recorded.claims.map((claim) => ({
    ...claim,
    pointers: [...claim.pointers],
    fallbacks: [...claim.fallbacks],
    documentKey: key,
    path: recorded.path,
    file: recorded.file,
    position: () => claim.position,
    recorded: true,
  }));
}

/**
 * A root or definition that is a bare `$ref` to a definition of its own
 * document, and would get that definition's name (or, for a root, whose name
 * the definition key spells), is that definition: the two claims become one.
 */
function mergeAliases(
  value: JsonValue,
  references: IndexedDocument["references"],
  key: string,
  own: Claim[],
  definitionKeys: ReadonlyMap<string, string>,
  names: TypeNames,
): Claim[] {
  const byPointer = new Map(own.map((c) => [c.pointers[0]!, c]));
  const merged = new Set<Claim>();
  for (const claim of own) {
    const pointer = claim.pointers[0]!;
    const schema = pointer === "" ? value : getAtPointer(value, pointer);
    if (!isJsonObject(schema as JsonValue) || typeof (schema as JsonObject)["$ref"] !== "string") continue;
    if (Object.keys(schema as JsonObject).some((k) => !ALIAS_SIBLINGS.has(k))) continue;
    if (
      pointer !== "" &&
      (isJsonObject((schema as JsonObject)["$defs"]) || isJsonObject((schema as JsonObject)["definitions"]))
    )
      continue;
    const site = references.find((r) => r.site.keyword === "$ref" && r.site.pointer === pointer);
    if (!site?.target || site.target.documentKey !== key || site.target.anchor !== undefined) continue;
    const target = byPointer.get(site.target.pointer);
    if (!target || target === claim || merged.has(target)) continue;
    const sameName =
      target.name === claim.name ||
      (pointer === "" && !target.explicit && pascalCase(definitionKeys.get(site.target.pointer) ?? "") === claim.name);
    if (!sameName) continue;
    // The definition keeps an explicit name of its own; otherwise it takes the alias's (the root's, when the root is the alias).
    if (!target.explicit) {
      target.name = claim.name;
      target.explicit = claim.explicit;
      if (pointer === "") target.fallbacks = claim.fallbacks;
    }
    target.pointers = [...claim.pointers, ...target.pointers];
    target.label = `${claim.label} = ${target.label}`;
    if (pointer === "") {
      target.position = claim.position;
      target.label = `${claim.path} (root, ${target.pointers[1]})`;
    }
    merged.add(claim);
    if (!names.aliases.has(key)) names.aliases.set(key, new Set());
    names.aliases.get(key)!.add(pointer);
  }
  return own.filter((c) => !merged.has(c));
}

/** `names` less the definitions in `withheld` (by document key): those that reach a reference naming nothing, which are not whole. */
export function withoutDefinitions<T extends { byDocument: Map<string, Map<string, string>> }>(
  names: T,
  withheld: ReadonlyMap<string, ReadonlySet<string>>,
): T {
  if (withheld.size === 0) return names;
  const byDocument = new Map(
    [...names.byDocument].map(([key, pointers]) => [
      key,
      new Map([...pointers].filter(([pointer]) => !withheld.get(key)?.has(pointer))),
    ]),
  );
  return { ...names, byDocument };
}
