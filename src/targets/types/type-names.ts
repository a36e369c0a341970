import { errorAt, type Diagnostic, type SourcePosition } from "../../compiler/diagnostic.js";
import { joinPointer } from "../../compiler/json-pointer.js";
import { isJsonObject } from "../../compiler/json-object.js";
import type { ResolvedGraph } from "../../compiler/resolve/resolve-references.js";
import { TYPES_CODES } from "./codes.js";

/** The keyword that names a contract's root type or one of its definitions explicitly. */
export const NAME_KEYWORD = "x-charter-name";

/** How names are made when the source sets none: `short` (`Envelope`, `Outcome`) or `qualified` (definitions prefixed by their contract: `EnvelopeOutcome`). */
export type NamingStyle = "short" | "qualified";

export interface TypeNames {
  /** Exported type name by document key, then by pointer: "" for the root, `/$defs/K` or `/definitions/K` for a definition. */
  byDocument: Map<string, Map<string, string>>;
  /** Documents whose names clash or are invalid: they get no types. */
  failed: Set<string>;
  diagnostics: Diagnostic[];
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** The name of the generator's wrapper object (see prepare-input.ts), spelled here so this module imports no later stage. */
const RESERVED_NAME = "CharterGeneratorWrapper";

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

interface Claim {
  name: string;
  documentKey: string;
  pointer: string;
  file: string;
  position: SourcePosition | undefined;
  label: string;
  /** For a qualified name made from the contract's root name and a definition key: the name joined by `_` instead. */
  separated?: string;
}

/**
 * Names every type a contract exports: its root and each top-level definition.
 * Names come from the contract name and the definition keys (or
 * `x-charter-name`), never from titles or from the order the generator meets
 * schemas, and must be unique across all contracts.
 */
export function assignTypeNames(graph: ResolvedGraph, contractKeys: readonly string[], style: NamingStyle): TypeNames {
  const names: TypeNames = { byDocument: new Map(), failed: new Set(), diagnostics: [] };
  const claims: Claim[] = [];
  for (const key of contractKeys) {
    const entry = graph.documents.get(key)!;
    const { document } = entry;
    const root = document.value;
    const perDocument = new Map<string, string>();
    const explicit = (schema: unknown, pointer: string): string | undefined => {
      if (!isJsonObject(schema as never)) return undefined;
      const value = (schema as Record<string, unknown>)[NAME_KEYWORD];
      if (value === undefined) return undefined;
      if (typeof value !== "string" || !isStableName(value)) {
        const at = joinPointer(pointer, NAME_KEYWORD);
        const hint = typeof value === "string" && IDENTIFIER.test(value) ? `; json-schema-to-typescript would rename it, write ${pascalCase(value)}` : "";
        names.diagnostics.push(
          errorAt(TYPES_CODES.badName, `${NAME_KEYWORD} ${JSON.stringify(value)} is not a type name charter can keep${hint}`, { file: document.file, position: document.positions.get(at), pointer: at }),
        );
        names.failed.add(key);
        return undefined;
      }
      return value;
    };
    const rootName = explicit(root, "") ?? pascalCase(document.name);
    perDocument.set("", rootName);
    claims.push({ name: rootName, documentKey: key, pointer: "", file: document.file, position: { line: 1, column: 1 }, label: `${document.relativePath ?? document.name} (root)` });
    if (isJsonObject(root)) {
      for (const defsKeyword of ["$defs", "definitions"]) {
        const defs = root[defsKeyword];
        if (!isJsonObject(defs)) continue;
        for (const [defKey, schema] of Object.entries(defs)) {
          // A value that is no schema (a stray string, such as `description` written one level too deep) exports no type;
          // the meta-schema check (CH304) reports it.
          if (!isJsonObject(schema) && typeof schema !== "boolean") continue;
          const pointer = joinPointer("", defsKeyword, defKey);
          const given = explicit(schema, pointer);
          const name = given ?? (style === "qualified" ? rootName + pascalCase(defKey) : pascalCase(defKey));
          const separated = given === undefined && style === "qualified" ? `${rootName}_${pascalCase(defKey)}` : undefined;
          perDocument.set(pointer, name);
          claims.push({ name, documentKey: key, pointer, file: document.file, position: document.keyPositions.get(pointer), label: `${document.relativePath ?? document.name}#${pointer}`, ...(separated && isStableName(separated) ? { separated } : {}) });
        }
      }
    }
    names.byDocument.set(key, perDocument);
  }

  // The generator's wrapper is removed from every module; a type of that name would go with it.
  for (const claim of claims.filter((c) => c.name === RESERVED_NAME)) {
    names.diagnostics.push(errorAt(TYPES_CODES.nameClash, `type name "${RESERVED_NAME}" is reserved by charter; set ${NAME_KEYWORD}`, { file: claim.file, position: claim.position, pointer: claim.pointer }));
    names.failed.add(claim.documentKey);
  }
  for (const key of contractKeys) {
    const { document } = graph.documents.get(key)!;
    if (document.name !== "index") continue;
    names.diagnostics.push(errorAt(TYPES_CODES.reservedModule, 'contract name "index" would write types/index.ts, which re-exports every contract; rename the source', { file: document.file, position: { line: 1, column: 1 } }));
    names.failed.add(key);
  }

  // A qualified definition name can equal another contract's own name (`traefik-v2` + `fileProvider` and
  // `traefik-v2-file-provider`): the made-up one gives way and joins its parts with `_` (TraefikV2_FileProvider).
  const taken = new Set(claims.map((c) => c.name));
  const counts = new Map<string, number>();
  for (const claim of claims) counts.set(claim.name, (counts.get(claim.name) ?? 0) + 1);
  for (const claim of claims) {
    if (counts.get(claim.name)! < 2 || claim.separated === undefined || taken.has(claim.separated)) continue;
    counts.set(claim.name, counts.get(claim.name)! - 1);
    taken.add(claim.separated);
    claim.name = claim.separated;
    names.byDocument.get(claim.documentKey)!.set(claim.pointer, claim.name);
  }
  const byName = new Map<string, Claim[]>();
  for (const claim of claims) byName.set(claim.name, [...(byName.get(claim.name) ?? []), claim]);
  for (const [name, group] of byName) {
    if (group.length < 2) continue;
    for (const claim of group) {
      const others = group.filter((c) => c !== claim).map((c) => c.label);
      names.diagnostics.push(
        errorAt(TYPES_CODES.nameClash, `type name "${name}" is also given to ${others.join(", ")}; set ${NAME_KEYWORD} on one of them`, {
          file: claim.file,
          position: claim.position,
          pointer: claim.pointer,
        }),
      );
      names.failed.add(claim.documentKey);
    }
  }
  return names;
}
