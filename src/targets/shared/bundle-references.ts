import { isJsonObject, type JsonObject } from "../../core/json-object.js";
import type { JsonValue } from "../../core/json-value.js";
import { fragmentToPointer, getAtPointer } from "../../core/json-pointer.js";

/** The subschema a reference of the bundle names: in the bundle itself, or in a document embedded under `$defs`. */
export function resolveInBundle(bundle: JsonObject, reference: string): JsonValue | undefined {
  const hash = reference.indexOf("#");
  const base = hash < 0 ? reference : reference.slice(0, hash);
  const pointer = fragmentToPointer(hash < 0 ? "" : reference.slice(hash + 1));
  if (pointer === undefined) return undefined;
  const resource = base === "" || base === bundle["$id"] ? bundle : embedded(bundle, base);
  return resource === undefined ? undefined : (getAtPointer(resource, pointer) as JsonValue | undefined);
}

function embedded(bundle: JsonObject, id: string): JsonObject | undefined {
  for (const key of ["$defs", "definitions"]) {
    const defs = bundle[key];
    if (!isJsonObject(defs)) continue;
    for (const value of Object.values(defs)) if (isJsonObject(value) && value["$id"] === id) return value;
  }
  return undefined;
}
