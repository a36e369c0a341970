import type { JsonValue } from "../../core/json-value.js";
import type { ParsedSource } from "../../core/parsed-source.js";
import { catalogFile } from "./catalog-file.js";
import { dialectOf, type Dialect } from "../../schema/dialect.js";
import type { CatalogMapping } from "./catalog-file.js";
import { declaredVocabularies, type DeclaredVocabularies } from "../../schema/vocabularies.js";

/** Custom meta-schemas built on custom meta-schemas: a longer chain is a mistake, not a design. */
const MAX_CHAIN = 8;

/** A custom meta-schema as charter reads the schemas that name it: the dialect it builds on, and its `$vocabulary`. */
export interface CustomMetaSchema extends DeclaredVocabularies {
  dialect: Dialect;
}

/**
 * What each `$schema` that names a custom meta-schema (one of the sources, by
 * its `$id`, or a file a catalog mapping reaches; never the network) means:
 * the dialect its own `$schema`, followed until a dialect charter knows, ends
 * in, and the vocabularies its `$vocabulary` lists, read in that dialect (the
 * dialect's own when it lists none; a meta-schema further up the chain does
 * not change them). A URI whose chain ends nowhere known is left out, and
 * CH201 reports it; a required vocabulary charter does not know, CH212.
 */
export async function customMetaSchemas(
  uris: Iterable<string>,
  sourcesById: ReadonlyMap<string, JsonValue>,
  catalog: readonly CatalogMapping[],
  loadFile: (file: string) => Promise<{ parsed?: ParsedSource }>,
): Promise<Map<string, CustomMetaSchema>> {
  const found = new Map<string, CustomMetaSchema>();
  const read = async (uri: string): Promise<JsonValue | undefined> => {
    const bare = uri.replace(/#$/, "");
    const source = sourcesById.get(bare);
    if (source !== undefined) return source;
    const mapped = await catalogFile(bare, catalog);
    return mapped?.kind === "file" ? (await loadFile(mapped.file)).parsed?.value : undefined;
  };
  for (const start of new Set(uris)) {
    if (dialectOf(start)) continue;
    const seen = new Set<string>();
    let uri: string | undefined = start;
    let named: JsonValue | undefined;
    while (uri !== undefined && !seen.has(uri) && seen.size < MAX_CHAIN) {
      seen.add(uri);
      const known = dialectOf(uri);
      if (known) {
        found.set(start, { dialect: known, ...declaredVocabularies(named, known) });
        break;
      }
      const meta = await read(uri);
      if (uri === start) named = meta;
      const next: JsonValue | undefined =
        meta !== null && typeof meta === "object" && !Array.isArray(meta) ? meta["$schema"] : undefined;
      uri = typeof next === "string" ? next : undefined;
    }
  }
  return found;
}
