import { compareStrings, warningAt, type Diagnostic } from "../../core/diagnostic.js";
import type { ParsedSource } from "../../core/parsed-source.js";
import { RESOLVE_CODES } from "./codes.js";
import type { Dialect } from "../../schema/dialect.js";
import { describeDocument } from "../../schema/resolved-graph.js";
import type { SchemaDocument } from "../../schema/schema-document.js";

/** A document that references a catalog file which declares no dialect: the file takes its referrers' dialect. */
export interface Referrer {
  document: SchemaDocument;
  /** Its first reference to the file, for the warning. */
  index: number;
  pointer: string;
}

/** Whether a document says its own dialect: then its referrers have no say. */
export function declaresDialect(value: ParsedSource["value"]): boolean {
  return value !== null && typeof value === "object" && !Array.isArray(value) && value["$schema"] !== undefined;
}

const DIALECT_ORDER: readonly Dialect[] = ["draft-04", "draft-06", "draft-07", "2019-09", "2020-12"];

/** CH211 at a catalog file whose referrers are of several dialects: who they are, and what charter read. */
export function mixedReferrers(document: SchemaDocument, referrers: readonly Referrer[]): Diagnostic {
  const groups = DIALECT_ORDER.flatMap((dialect) => {
    const places = referrers
      .filter((r) => r.document.dialect === dialect)
      .map((r) => {
        const at = r.document.positions.get(r.pointer) ?? { line: 1, column: 1 };
        return `${describeDocument(r.document)}:${at.line}:${at.column}`;
      })
      .sort(compareStrings);
    if (places.length === 0) return [];
    const shown = places.slice(0, 2).join(", ") + (places.length > 2 ? ` and ${places.length - 2} more` : "");
    return [`${dialect} (${shown})`];
  });
  return warningAt(
    RESOLVE_CODES.catalogDialect,
    `${document.retrievalUri} declares no $schema and is referenced from documents of different dialects, ${groups.slice(0, -1).join(", ")} and ${groups.at(-1)!}; it is read as ${document.dialect}. Add $schema to it, or set dialect on its catalog entry in charter.config.yaml`,
    { file: document.file, position: document.positions.get("") ?? { line: 1, column: 1 }, pointer: "" },
  );
}
