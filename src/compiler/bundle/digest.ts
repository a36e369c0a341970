import { createHash } from "node:crypto";
import canonicalize from "canonicalize";
import type { JsonValue } from "../../core/json-value.js";

/** `sha256:` + hex over the RFC 8785 (JCS) form: independent of key order and number spelling. */
export function digestSchema(schema: JsonValue): string {
  const canonical = canonicalize(schema);
  if (canonical === undefined) throw new Error("schema has no canonical JSON form");
  return "sha256:" + createHash("sha256").update(canonical, "utf8").digest("hex");
}
