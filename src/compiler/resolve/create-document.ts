import { errorAt, type Diagnostic } from "../../core/diagnostic.js";
import type { ParsedSource } from "../../core/parsed-source.js";
import { RESOLVE_CODES } from "./codes.js";
import { DEFAULT_DIALECT, dialectOf, type Dialect } from "../../schema/dialect.js";
import type { CustomMetaSchema } from "./meta-schema-dialect.js";
import type { SchemaDocument } from "../../schema/schema-document.js";
import { unknownVocabularies } from "./vocabulary-findings.js";

/**
 * Gives a parsed file its identity and dialect: the one `$schema` declares, or
 * `defaultDialect` when it declares none (the config's setting, else 2020-12
 * for sources; for a file reached through a catalog, its entry's setting, else
 * the dialect its referrers share: resolve-references.ts).
 * A `$schema` naming a custom meta-schema gives the dialect that one builds
 * on, and the vocabularies its `$vocabulary` lists; one it requires that
 * charter does not know is an error at `$schema` (CH212).
 */
export function createDocument(
  parsed: ParsedSource,
  identity: Omit<SchemaDocument, "value" | "positions" | "keyPositions" | "dialect" | "vocabularies" | "metaSchema">,
  defaultDialect: Dialect = DEFAULT_DIALECT,
  /** Custom meta-schemas by URI: the dialect each builds on, and its vocabularies. */
  customMetaSchemas: ReadonlyMap<string, CustomMetaSchema> = new Map(),
): { document?: SchemaDocument; diagnostics: Diagnostic[] } {
  const root = parsed.value;
  let dialect = defaultDialect;
  let custom: Pick<SchemaDocument, "vocabularies" | "metaSchema"> = {};
  if (root !== null && typeof root === "object" && !Array.isArray(root) && root["$schema"] !== undefined) {
    const declared = root["$schema"];
    const meta = typeof declared === "string" && !dialectOf(declared) ? customMetaSchemas.get(declared) : undefined;
    const known = typeof declared === "string" ? (dialectOf(declared) ?? meta?.dialect) : undefined;
    // Positions are found on first request (parse-json-lazily.ts): asked for only to place a finding.
    const at = () => ({ file: identity.file, position: parsed.positions.get("/$schema") });
    if (!known) {
      return {
        diagnostics: [
          errorAt(
            RESOLVE_CODES.unknownDialect,
            `$schema ${JSON.stringify(declared)} is not a dialect charter reads (draft-04, draft-06, draft-07, 2019-09, 2020-12)`,
            { ...at(), pointer: "/$schema" },
          ),
        ],
      };
    }
    if (meta && meta.unknownRequired.length > 0)
      return { diagnostics: [unknownVocabularies(declared as string, meta.dialect, meta.unknownRequired, at())] };
    if (meta)
      custom = { metaSchema: declared as string, ...(meta.vocabularies ? { vocabularies: meta.vocabularies } : {}) };
    dialect = known;
  }
  return {
    document: {
      ...identity,
      value: parsed.value,
      positions: parsed.positions,
      keyPositions: parsed.keyPositions,
      dialect,
      ...custom,
    },
    diagnostics: [],
  };
}
