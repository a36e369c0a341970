import { getAtPointer } from "../../core/json-pointer.js";
import type { JsonValue } from "../../core/json-value.js";
import { idKeyword, type Dialect } from "../../schema/dialect.js";
import { isSchemaObject, walkSchema } from "../../schema/walk-schema.js";

/** A schema resource of a bundle: where it lies, and whether the contract's source wrote it. */
export interface BundleResource {
  pointer: string;
  /** false for an embedded document (another file, with a contract and policy of its own). */
  own: boolean;
}

/**
 * Every schema resource of a bundle by its URI (the bundle writes nested
 * `$id`s absolute), the root under the bundle's id. A nested resource is the
 * contract's own when its source has a schema with an `$id` at the same
 * place; an embedded document never has one there (its key in the bundle's
 * definitions is one the author did not write).
 */
export function bundleResources(
  bundle: JsonValue,
  bundleId: string,
  source: JsonValue,
  dialect: Dialect,
): Map<string, BundleResource> {
  const keyword = idKeyword(dialect);
  const resources = new Map<string, BundleResource>([[bundleId, { pointer: "", own: true }]]);
  walkSchema(bundle, undefined, (schema, pointer) => {
    const id = schema[keyword];
    if (pointer === "" || typeof id !== "string") return undefined;
    const uri = id.split("#")[0]!;
    const written = getAtPointer(source, pointer);
    // `$id: "#name"` before 2019-09 is an anchor, not a resource.
    if (uri !== "" && !resources.has(uri))
      resources.set(uri, {
        pointer,
        own: isSchemaObject(written as JsonValue) && typeof (written as Record<string, unknown>)[keyword] === "string",
      });
    return undefined;
  });
  return resources;
}

/**
 * The resource and fragment a location in an ajv strict-mode finding names.
 * ajv writes the base URI of the function it is compiling, then the schema
 * path, which for an inlined reference starts with the reference as written:
 * `<base>#/p`, `<base><uri>/p`, `<base><uri>#/p`. So the last resource URI in
 * the text is the one the rest is relative to; a bare `#/p` is relative to
 * the function ajv compiled, taken as the root. Undefined when the text names
 * no resource of the bundle.
 */
export function resourceOf(
  where: string,
  resources: ReadonlyMap<string, BundleResource>,
  bundleId: string,
): { uri: string; resource: BundleResource; fragment: string } | undefined {
  if (where.startsWith("#")) return { uri: bundleId, resource: resources.get(bundleId)!, fragment: where.slice(1) };
  let best: { uri: string; at: number } | undefined;
  for (const uri of resources.keys()) {
    for (let at = where.lastIndexOf(uri); at >= 0; at = at === 0 ? -1 : where.lastIndexOf(uri, at - 1)) {
      const rest = where.slice(at + uri.length);
      if (rest !== "" && !rest.startsWith("#") && !rest.startsWith("/")) continue;
      if (!best || at > best.at || (at === best.at && uri.length > best.uri.length)) best = { uri, at };
      break;
    }
  }
  if (!best) return undefined;
  const rest = where.slice(best.at + best.uri.length);
  return { uri: best.uri, resource: resources.get(best.uri)!, fragment: rest.startsWith("#") ? rest.slice(1) : rest };
}
