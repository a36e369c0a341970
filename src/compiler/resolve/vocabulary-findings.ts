import { errorAt, warningAt, type Diagnostic, type SourcePosition } from "../../core/diagnostic.js";
import { getAtPointer } from "../../core/json-pointer.js";
import type { JsonValue } from "../../core/json-value.js";
import type { Dialect } from "../../schema/dialect.js";
import { leftOutKeywords, leftOutSites, type Vocabulary } from "../../schema/vocabularies.js";
import { RESOLVE_CODES } from "./codes.js";

/** A document as the vocabulary findings need it. */
export interface VocabularyDocument {
  dialect: Dialect;
  vocabularies?: readonly Vocabulary[];
  metaSchema?: string;
  value: JsonValue;
  file: string;
  positions: ReadonlyMap<string, SourcePosition>;
}

/**
 * The warnings of a document whose custom meta-schema uses other vocabularies
 * than its dialect's: one (CH213) naming the keywords the bundle leaves out,
 * by vocabulary; one (CH214) when the format-assertion vocabulary is in use
 * and the document has a `format`, which charter asserts per contract, by
 * `validation.formats`, and not per document. Both at its `$schema`.
 */
export function vocabularyWarnings(document: VocabularyDocument, schemaPointers: Iterable<string>): Diagnostic[] {
  if (document.vocabularies === undefined) return [];
  const pointers = [...schemaPointers];
  const at = { file: document.file, position: document.positions.get("/$schema"), pointer: "/$schema" };
  const warnings: Diagnostic[] = [];
  const left = new Map<Vocabulary, Set<string>>();
  for (const site of leftOutSites(document, pointers))
    left.set(site.vocabulary, (left.get(site.vocabulary) ?? new Set()).add(site.keyword));
  if (left.size > 0) {
    const order = [...leftOutKeywords(document.dialect, document.vocabularies).keys()];
    const vocabularies = [...left.keys()].sort((a, b) => order.indexOf(a) - order.indexOf(b));
    const names =
      vocabularies.length === 1
        ? `the ${vocabularies[0]!} vocabulary`
        : `the ${vocabularies.slice(0, -1).join(", ")} and ${vocabularies.at(-1)!} vocabularies`;
    const keywords = vocabularies
      .map(
        (vocabulary) =>
          (vocabularies.length === 1 ? "" : `${vocabulary}: `) + [...left.get(vocabulary)!].sort().join(", "),
      )
      .join("; ");
    warnings.push(
      warningAt(
        RESOLVE_CODES.vocabularyLeftOut,
        `$schema ${document.metaSchema ?? ""} leaves out ${names}: the bundle leaves out ${vocabularies.length === 1 ? "its" : "their"} keywords in this document (${keywords}), which assert nothing here`,
        at,
      ),
    );
  }
  if (document.vocabularies.includes("format-assertion")) {
    const formats = pointers.filter((pointer) => {
      const schema = getAtPointer(document.value, pointer) as JsonValue | undefined;
      return schema !== null && typeof schema === "object" && !Array.isArray(schema) && schema["format"] !== undefined;
    });
    if (formats.length > 0) {
      warnings.push(
        warningAt(
          RESOLVE_CODES.formatAssertion,
          `$schema ${document.metaSchema ?? ""} uses the format-assertion vocabulary, but charter checks formats per contract, by validation.formats: this document's ${formats.length === 1 ? "format is" : `${formats.length} formats are`} checked only in contracts where validation.formats is assert`,
          at,
        ),
      );
    }
  }
  return warnings;
}

/** CH212 at a document's `$schema` when its meta-schema requires vocabularies charter does not know. */
export function unknownVocabularies(
  metaSchema: string,
  dialect: Dialect,
  unknownRequired: readonly string[],
  where: { file: string; position: SourcePosition | undefined },
): Diagnostic {
  const names = unknownRequired.map((uri) => JSON.stringify(uri)).join(", ");
  const plural = unknownRequired.length > 1;
  return errorAt(
    RESOLVE_CODES.unknownVocabulary,
    `$schema ${metaSchema} requires the vocabular${plural ? "ies" : "y"} ${names}, which charter does not know for ${dialect} (the dialect the meta-schema builds on); charter cannot read this schema as its meta-schema says`,
    { ...where, pointer: "/$schema" },
  );
}
