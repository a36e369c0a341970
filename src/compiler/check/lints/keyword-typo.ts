import { joinPointer } from "../../../core/json-pointer.js";
import { CHECK_CODES } from "../codes.js";
import { editDistance } from "../../../core/suggest.js";
import type { LintRule } from "./lint-rule.js";

/** Keywords of every dialect, for telling a typo from a keyword (and from the author's own `x-` keywords). */
const KEYWORDS = [
  "$schema",
  "$id",
  "id",
  "$ref",
  "$anchor",
  "$dynamicRef",
  "$dynamicAnchor",
  "$recursiveRef",
  "$recursiveAnchor",
  "$defs",
  "definitions",
  "$comment",
  "$vocabulary",
  "type",
  "enum",
  "const",
  "multipleOf",
  "maximum",
  "exclusiveMaximum",
  "minimum",
  "exclusiveMinimum",
  "maxLength",
  "minLength",
  "pattern",
  "items",
  "prefixItems",
  "additionalItems",
  "unevaluatedItems",
  "contains",
  "maxContains",
  "minContains",
  "maxItems",
  "minItems",
  "uniqueItems",
  "properties",
  "patternProperties",
  "additionalProperties",
  "unevaluatedProperties",
  "propertyNames",
  "maxProperties",
  "minProperties",
  "required",
  "dependentRequired",
  "dependentSchemas",
  "dependencies",
  "allOf",
  "anyOf",
  "oneOf",
  "not",
  "if",
  "then",
  "else",
  "format",
  "contentEncoding",
  "contentMediaType",
  "contentSchema",
  "title",
  "description",
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
  "examples",
];
const KNOWN = new Set(KEYWORDS);

/** Whether a key of a schema object means something to JSON Schema (in some dialect) or is the author's own `x-` one. */
export function isKeywordOrExtension(key: string): boolean {
  return KNOWN.has(key) || key.startsWith("x-");
}

/**
 * CH312: a key that is no keyword but is close to one (`requried`,
 * `additonalProperties`, `MinLength`). JSON Schema ignores unknown keywords, so
 * the constraint the author meant silently does nothing; keys starting with
 * `x-` are the author's own and never reported.
 */
export const lint: LintRule = {
  id: "keyword-typo",
  code: CHECK_CODES.keywordTypo,
  severity: "warning",
  description: "a key that is not a keyword but is close to one, so that the constraint it meant constrains nothing",
  schema(schema, pointer, { report }) {
    for (const key of Object.keys(schema)) {
      const typo = likelyKeyword(key);
      if (typo)
        report(
          schema,
          `"${key}" is not a keyword; did you mean "${typo}"? As written it constrains nothing`,
          joinPointer(pointer, key),
          true,
        );
    }
  },
};

/**
 * Verdicts so far, by key: a corpus repeats the same few unknown keys (`markdownDescription`)
 * thousands of times, and each verdict costs an edit distance to every keyword.
 */
const verdicts = new Map<string, string | undefined>();

/** The keyword a misspelt key most likely meant: same letters in another case, or at most two edits away. */
export function likelyKeyword(key: string): string | undefined {
  if (KNOWN.has(key) || key.startsWith("x-") || key.length < 4) return undefined;
  if (verdicts.has(key)) return verdicts.get(key);
  const verdict = nearestKeyword(key);
  verdicts.set(key, verdict);
  return verdict;
}

function nearestKeyword(key: string): string | undefined {
  let best: { keyword: string; distance: number } | undefined;
  for (const keyword of KEYWORDS) {
    if (keyword.toLowerCase() === key.toLowerCase()) return keyword;
    const limit = keyword.length <= 5 ? 1 : 2;
    const distance = editDistance(key, keyword, limit);
    if (distance <= limit && (!best || distance < best.distance)) best = { keyword, distance };
  }
  return best?.keyword;
}
