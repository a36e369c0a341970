import { getAtPointer } from "../core/json-pointer.js";
import type { JsonValue } from "../core/json-value.js";
import type { Dialect } from "./dialect.js";

/**
 * The vocabularies of 2019-09 and 2020-12 that charter knows, by the last
 * segment of their URI (`https://json-schema.org/draft/2020-12/vocab/<name>`).
 * Earlier dialects have no `$vocabulary`: every keyword of theirs is in use.
 */
export type Vocabulary =
  | "core"
  | "applicator"
  | "unevaluated"
  | "validation"
  | "meta-data"
  | "format"
  | "format-annotation"
  | "format-assertion"
  | "content";

type VocabularyDialect = "2019-09" | "2020-12";

const VALIDATION = [
  "type",
  "const",
  "enum",
  "multipleOf",
  "maximum",
  "exclusiveMaximum",
  "minimum",
  "exclusiveMinimum",
  "maxLength",
  "minLength",
  "pattern",
  "maxItems",
  "minItems",
  "uniqueItems",
  "maxContains",
  "minContains",
  "maxProperties",
  "minProperties",
  "required",
  "dependentRequired",
];
const APPLICATOR = [
  "contains",
  "additionalProperties",
  "properties",
  "patternProperties",
  "dependentSchemas",
  "propertyNames",
  "if",
  "then",
  "else",
  "allOf",
  "anyOf",
  "oneOf",
  "not",
];

/**
 * Each known vocabulary of a dialect, with the keywords that leave the bundle
 * when a meta-schema leaves the vocabulary out: those that assert, or apply
 * subschemas. Core is always in use. Meta-data and content keywords are
 * annotations under every dialect and every validator charter writes; a
 * keyword of no vocabulary in use is an annotation too, so they stay.
 */
const KNOWN: Record<VocabularyDialect, Partial<Record<Vocabulary, readonly string[]>>> = {
  "2019-09": {
    core: [],
    applicator: ["additionalItems", "unevaluatedItems", "items", ...APPLICATOR, "unevaluatedProperties"],
    validation: VALIDATION,
    "meta-data": [],
    format: ["format"],
    content: [],
  },
  "2020-12": {
    core: [],
    applicator: ["prefixItems", "items", ...APPLICATOR],
    unevaluated: ["unevaluatedItems", "unevaluatedProperties"],
    validation: VALIDATION,
    "meta-data": [],
    "format-annotation": ["format"],
    "format-assertion": [],
    content: [],
  },
};

/** What a custom meta-schema's `$vocabulary` says, read in the dialect its `$schema` chain ends in. */
export interface DeclaredVocabularies {
  /** The vocabularies in use (required or optional) that charter knows; undefined when `$vocabulary` is absent: the dialect's defaults. */
  vocabularies?: Vocabulary[];
  /** URIs marked `true` (required) that charter does not know for that dialect. */
  unknownRequired: string[];
}

export function vocabularyUri(dialect: VocabularyDialect, name: Vocabulary): string {
  return `https://json-schema.org/draft/${dialect}/vocab/${name}`;
}

/** Reads a meta-schema's `$vocabulary`: unknown optional vocabularies are ignored, unknown required ones returned. */
export function declaredVocabularies(metaSchema: JsonValue | undefined, dialect: Dialect): DeclaredVocabularies {
  const declared =
    metaSchema !== null && typeof metaSchema === "object" && !Array.isArray(metaSchema)
      ? metaSchema["$vocabulary"]
      : undefined;
  if (
    (dialect !== "2019-09" && dialect !== "2020-12") ||
    declared === null ||
    typeof declared !== "object" ||
    Array.isArray(declared)
  )
    return { unknownRequired: [] };
  const known = new Map(
    Object.keys(KNOWN[dialect]).map((name) => [vocabularyUri(dialect, name as Vocabulary), name as Vocabulary]),
  );
  const vocabularies = new Set<Vocabulary>(["core"]);
  const unknownRequired: string[] = [];
  for (const [uri, required] of Object.entries(declared)) {
    const name = known.get(uri.replace(/#$/, ""));
    if (name !== undefined) vocabularies.add(name);
    else if (required === true) unknownRequired.push(uri);
  }
  return { vocabularies: [...vocabularies], unknownRequired };
}

/** The keywords the bundle leaves out of a document of `dialect` whose meta-schema uses only `vocabularies`, by vocabulary. */
export function leftOutKeywords(
  dialect: Dialect,
  vocabularies: readonly Vocabulary[] | undefined,
): Map<Vocabulary, readonly string[]> {
  const left = new Map<Vocabulary, readonly string[]>();
  if (vocabularies === undefined || (dialect !== "2019-09" && dialect !== "2020-12")) return left;
  const using = new Set(vocabularies);
  for (const [name, keywords] of Object.entries(KNOWN[dialect]) as [Vocabulary, readonly string[]][]) {
    // 2020-12: `format` is a keyword of either format vocabulary; with neither, it is an annotation.
    if (name === "format-annotation" && using.has("format-assertion")) continue;
    if (!using.has(name) && keywords.length > 0) left.set(name, keywords);
  }
  return left;
}

/** A keyword the bundle leaves out: where it is (the schema object's pointer), and of which vocabulary. */
export interface LeftOutSite {
  pointer: string;
  keyword: string;
  vocabulary: Vocabulary;
}

/**
 * Every keyword of a vocabulary the document's meta-schema leaves out, at
 * each of its schema positions (`schemaPointers`, from the document's index),
 * in pointer order. Keywords inside one that is left out are listed too.
 */
export function leftOutSites(
  document: { dialect: Dialect; vocabularies?: readonly Vocabulary[]; value: JsonValue },
  schemaPointers: Iterable<string>,
): LeftOutSite[] {
  const byKeyword = new Map<string, Vocabulary>();
  for (const [vocabulary, keywords] of leftOutKeywords(document.dialect, document.vocabularies))
    for (const keyword of keywords) byKeyword.set(keyword, vocabulary);
  if (byKeyword.size === 0) return [];
  const sites: LeftOutSite[] = [];
  for (const pointer of [...schemaPointers].sort()) {
    const schema = getAtPointer(document.value, pointer) as JsonValue | undefined;
    if (schema === null || typeof schema !== "object" || Array.isArray(schema)) continue;
    for (const keyword of Object.keys(schema)) {
      const vocabulary = byKeyword.get(keyword);
      if (vocabulary !== undefined) sites.push({ pointer, keyword, vocabulary });
    }
  }
  return sites;
}
