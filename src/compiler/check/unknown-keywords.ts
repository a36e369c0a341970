import { errorAt, type Diagnostic } from "../../core/diagnostic.js";
import { joinPointer, splitPointer } from "../../core/json-pointer.js";
import type { SchemaDocument } from "../../schema/schema-document.js";
import { walkSchema } from "../../schema/walk-schema.js";
import { CHECK_CODES } from "./codes.js";
import { isKeywordOrExtension, likelyKeyword } from "./lints/keyword-typo.js";

/**
 * CH320, under `strictness: strict`: a key of a schema object that is no keyword of any
 * dialect, not the author's own (`x-…`), not listed in the config's `keywords`, and not
 * close to a keyword (CH312 names those, with the keyword meant). ajv's strict mode refuses
 * such a schema; as an annotation it would constrain nothing, silently.
 */
export function unknownKeywords(document: SchemaDocument, listed: readonly string[]): Diagnostic[] {
  const accepted = new Set(listed);
  const diagnostics: Diagnostic[] = [];
  walkSchema(document.value, undefined, (schema, pointer) => {
    for (const key of Object.keys(schema)) {
      if (isKeywordOrExtension(key) || accepted.has(key) || likelyKeyword(key) !== undefined) continue;
      const at = joinPointer(pointer, key);
      const position = document.keyPositions.get(at) ?? document.positions.get(at);
      diagnostics.push(
        errorAt(
          CHECK_CODES.unknownKeyword,
          `"${key}" is not a JSON Schema keyword; under strictness: strict write your own keywords as "x-${key}", or list "${key}" in the config's validation.keywords`,
          { file: document.file, position, pointer: at },
        ),
      );
    }
    return undefined;
  });
  return diagnostics;
}

/**
 * The lints as `strict` reads them: a keyword typo (CH312) is an error, as ajv's strict mode
 * refuses it, unless the config lists the key as a keyword of its own.
 */
export function strictLints(lints: readonly Diagnostic[], listed: readonly string[]): Diagnostic[] {
  return lints.flatMap((d) => {
    if (d.code !== CHECK_CODES.keywordTypo.code) return [d];
    const key = splitPointer(d.pointer ?? "").at(-1);
    if (key !== undefined && listed.includes(key)) return [];
    return [{ ...d, severity: "error" as const }];
  });
}
