import { isJsonObject, type JsonObject } from "../../core/json-object.js";
import type { JsonValue } from "../../core/json-value.js";
import { getAtPointer } from "../../core/json-pointer.js";
import { documentAt, resolveReference, sideOf, type Side } from "../../schema/bundle-side.js";
import { DATA_KEYWORDS } from "../../schema/keywords.js";
import { idKeyword } from "../../schema/dialect.js";
import { resolveUri, splitFragment } from "../../schema/uri.js";

/** A bundle as a target reads it: its documents, and each embedded subschema already read. */
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
 * The subschema at `pointer` of the bundle, as a target reads it. Inside an embedded document
 * a `#...` reference means that document (decision 002), so the subschema comes back with such
 * references made absolute by the document's `$id`: whatever then follows them (the docs' links, the
 * conditional-rule and discriminator readings, the Python annotations) lands in the right
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
