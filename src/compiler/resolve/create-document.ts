import { errorAt, type Diagnostic } from "../../core/diagnostic.js";
import type { ParsedSource } from "../load/parse-source.js";
import { RESOLVE_CODES } from "./codes.js";
import { DEFAULT_DIALECT, dialectOf, type Dialect } from "./dialect.js";
import type { SchemaDocument } from "./schema-document.js";

/**
 * Gives a parsed file its identity and dialect: the one `$schema` declares, or
 * `defaultDialect` when it declares none (the config's setting, else 2020-12
 * for sources; for a file reached through a catalog, its entry's setting, else
 * the dialect its referrers share: resolve-references.ts).
 * A `$schema` naming a custom meta-schema gives the dialect that one builds on.
 */
export function createDocument(
  parsed: ParsedSource,
  identity: Omit<SchemaDocument, "value" | "positions" | "keyPositions" | "dialect">,
  defaultDialect: Dialect = DEFAULT_DIALECT,
  /** Custom meta-schemas by URI, with the dialect each builds on. */
  customDialects: ReadonlyMap<string, Dialect> = new Map(),
): { document?: SchemaDocument; diagnostics: Diagnostic[] } {
  const root = parsed.value;
  let dialect = defaultDialect;
  if (root !== null && typeof root === "object" && !Array.isArray(root) && root["$schema"] !== undefined) {
    const declared = root["$schema"];
    const known = typeof declared === "string" ? (dialectOf(declared) ?? customDialects.get(declared)) : undefined;
    if (!known) {
      return {
        diagnostics: [
          errorAt(
            RESOLVE_CODES.unknownDialect,
            `$schema ${JSON.stringify(declared)} is not a dialect charter reads (draft-04, draft-06, draft-07, 2019-09, 2020-12)`,
            { file: identity.file, position: parsed.positions.get("/$schema"), pointer: "/$schema" },
          ),
        ],
      };
    }
    dialect = known;
  }
  return { document: { ...identity, value: parsed.value, positions: parsed.positions, keyPositions: parsed.keyPositions, dialect }, diagnostics: [] };
}
