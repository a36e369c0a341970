import { createRequire } from "node:module";
import type { JsonValue } from "../../../core/json-value.js";

const require = createRequire(import.meta.url);

/** The meta-schema documents of 2019-09 and 2020-12 as ajv ships them, by file below ajv/dist/refs. */
const FILES: Record<string, string> = {
  "https://json-schema.org/draft/2020-12/schema": "json-schema-2020-12/schema.json",
  "https://json-schema.org/draft/2019-09/schema": "json-schema-2019-09/schema.json",
};
for (const name of ["applicator", "content", "core", "format-annotation", "meta-data", "unevaluated", "validation"]) {
  FILES[`https://json-schema.org/draft/2020-12/meta/${name}`] = `json-schema-2020-12/meta/${name}.json`;
}
for (const name of ["applicator", "content", "core", "format", "meta-data", "validation"]) {
  FILES[`https://json-schema.org/draft/2019-09/meta/${name}`] = `json-schema-2019-09/meta/${name}.json`;
}

/**
 * An official meta-schema document, by its `$id` (no fragment), or undefined.
 * A contract may reference them (a dialect that extends 2020-12 does); ajv
 * knows them, and the validation form needs their text only to copy what
 * a dynamic scope of the contract's changes. Never fetched: ajv's copies.
 */
export function officialMetaSchema(uri: string): JsonValue | undefined {
  const file = FILES[uri];
  return file === undefined ? undefined : (structuredClone(require(`ajv/dist/refs/${file}`)) as JsonValue);
}
