import { isJsonObject, type JsonObject } from "../../core/json-object.js";
import type { JsonValue } from "../../core/json-value.js";
import { fragmentToPointer, getAtPointer } from "../../core/json-pointer.js";
import { documentAt, resolveReference, sideOf, type Side } from "../../schema/bundle-side.js";
import { DATA_KEYWORDS } from "../../schema/keywords.js";
import { idKeyword } from "../../schema/dialect.js";
import { resolveUri, splitFragment } from "../../schema/uri.js";

/** Where a `$ref` of a bundle leads, as the site links it: a contract, and a pointer in its own document. */
export interface ReferenceTarget {
  contract: string;
  pointer: string;
}

/**
 * The target of a reference in a contract's bundle: a `#` fragment stays in the contract; an
 * absolute URI is another contract's canonical `$id` (the bundle stage rewrote every reference
 * that leaves its resource so). Undefined for a target that is no contract's (a catalog file).
 * References read from an embedded document reach here absolute (see `schemaAt`).
 */
export function referenceTarget(
  reference: string,
  contract: string,
  contractsById: ReadonlyMap<string, string>,
): ReferenceTarget | undefined {
  const { base, fragment = "" } = splitFragment(reference);
  const pointer = fragmentToPointer(fragment);
  if (pointer === undefined) return undefined;
  if (base === "") return { contract, pointer };
  const target = contractsById.get(base);
  return target === undefined ? undefined : { contract: target, pointer };
}

/** A bundle as the site reads it: its documents, and each embedded subschema already read. */
interface ReadBundle {
  side: Side;
  copies: Map<string, JsonValue | undefined>;
}

const read = new WeakMap<JsonObject, ReadBundle>();

function readBundle(bundle: JsonObject): ReadBundle {
  let found = read.get(bundle);
  if (found === undefined) read.set(bundle, (found = { side: sideOf(bundle), copies: new Map() }));
  return found;
}

/**
 * The subschema at `pointer` of the bundle, as the site reads it. Inside an embedded document
 * a `#...` reference means that document (decision 002), so the subschema comes back with such
 * references made absolute by the document's `$id`: whatever then follows them (links, the
 * conditional-rule and discriminator readings, which take references alone) lands in the right
 * document. The contract's own document is returned as it is.
 */
export function schemaAt(bundle: JsonObject, pointer: string): JsonValue | undefined {
  const reader = readBundle(bundle);
  if (reader.copies.has(pointer)) return reader.copies.get(pointer);
  const schema = getAtPointer(bundle, pointer) as JsonValue | undefined;
  const doc = documentAt(reader.side, pointer);
  const id = doc === "" ? undefined : (getAtPointer(bundle, doc) as JsonObject)[idKeyword(reader.side.dialect)];
  const copy =
    schema === undefined || typeof id !== "string" ? schema : absolute(schema, splitFragment(id).base, reader.side);
  reader.copies.set(pointer, copy);
  return copy;
}

/** The subschema a reference of the contract's own document (or an absolute one) names, in the bundle. */
export function resolveInBundle(bundle: JsonObject, reference: string): JsonValue | undefined {
  const target = resolveReference(readBundle(bundle).side, reference, "");
  return target === undefined ? undefined : schemaAt(bundle, target.pointer);
}

/** A copy of `schema` whose `#...` references name `base` (a nested `$id` starts another base). */
function absolute(schema: JsonValue, base: string, side: Side): JsonValue {
  if (Array.isArray(schema)) return schema.map((item) => absolute(item, base, side));
  if (!isJsonObject(schema)) return schema;
  const id = schema[idKeyword(side.dialect)];
  if (typeof id === "string" && !id.startsWith("#")) {
    const resolved = resolveUri(id, base);
    if (resolved.ok) base = splitFragment(resolved.uri).base;
  }
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    const rewritten =
      key === "$ref" && typeof value === "string" && value.startsWith("#")
        ? `${base}${value}`
        : DATA_KEYWORDS.has(key)
          ? value
          : absolute(value, base, side);
    // defineProperty: a member named `__proto__` stays a member.
    Object.defineProperty(out, key, { value: rewritten, enumerable: true, writable: true, configurable: true });
  }
  return out;
}
