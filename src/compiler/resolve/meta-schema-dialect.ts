import type { JsonValue } from "../../core/json-value.js";
import type { ParsedSource } from "../load/parse-source.js";
import { catalogFile } from "./catalog-file.js";
import { dialectOf, type Dialect } from "./dialect.js";
import type { CatalogMapping } from "./catalog-file.js";

/** Custom meta-schemas built on custom meta-schemas: a longer chain is a mistake, not a design. */
const MAX_CHAIN = 8;

/**
 * The dialect behind each `$schema` that names a custom meta-schema (one of
 * the sources, by its `$id`, or a file a catalog mapping reaches; never the
 * network): its own `$schema`, followed until a dialect charter knows. A URI
 * whose chain ends nowhere known is left out, and CH201 reports it. charter
 * reads such a schema as that dialect; `$vocabulary` is not honoured, as ajv
 * does not honour it either.
 */
export async function metaSchemaDialects(
  uris: Iterable<string>,
  sourcesById: ReadonlyMap<string, JsonValue>,
  catalog: readonly CatalogMapping[],
  loadFile: (file: string) => Promise<{ parsed?: ParsedSource }>,
): Promise<Map<string, Dialect>> {
  const found = new Map<string, Dialect>();
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
    while (uri !== undefined && !seen.has(uri) && seen.size < MAX_CHAIN) {
      seen.add(uri);
      const known = dialectOf(uri);
      if (known) {
        found.set(start, known);
        break;
      }
      const meta = await read(uri);
      const next: JsonValue | undefined = meta !== null && typeof meta === "object" && !Array.isArray(meta) ? meta["$schema"] : undefined;
      uri = typeof next === "string" ? next : undefined;
    }
  }
  return found;
}
