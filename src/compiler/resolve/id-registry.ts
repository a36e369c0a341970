import { compareStrings, errorAt } from "../../core/diagnostic.js";
import { joinPointer } from "../../core/json-pointer.js";
import { RESOLVE_CODES } from "./codes.js";
import { idKeyword } from "../../schema/dialect.js";
import { indexDocument } from "./index-document.js";
import type { SchemaResource } from "../../schema/document-index.js";
import { describeDocument, type IndexedDocument } from "../../schema/resolved-graph.js";
import type { SchemaDocument } from "../../schema/schema-document.js";

/** Where a URI leads: a document, and the pointer of the resource in it. */
export interface Location {
  documentKey: string;
  pointer: string;
  /** Where the identifier is written, for a duplicate's diagnostic. */
  idPointer?: string;
}

/**
 * Every document of a run (sources, and catalog files as they are read), and
 * which URI names which of them or of their resources: their retrieval URIs
 * and the `$id`s they declare. Two claims of one URI are both told (CH203),
 * each once.
 */
export class IdRegistry {
  readonly documents = new Map<string, IndexedDocument>();
  private readonly locations = new Map<string, Location>();
  /** `$id`s declared by documents whose ids are local, for the message of a reference that names one. */
  private readonly localIds = new Map<string, string[]>();
  /** Claims of an `$id` already told of a clash, so that the first claimant is told once. */
  private readonly toldClaims = new Set<string>();

  /** Indexes a document, and registers its retrieval URI and its resources' `$id`s. */
  admit(document: SchemaDocument): void {
    const { index, diagnostics } = indexDocument(document);
    this.documents.set(document.key, { document, index, references: [], dependencies: new Set(), diagnostics });
    this.register(document.retrievalUri, { documentKey: document.key, pointer: "" }, "");
    this.registerResources(document, index.resources);
  }

  /** The location a URI (without fragment) names, if a document declared it. */
  lookup(uri: string): Location | undefined {
    return this.locations.get(uri);
  }

  /** A catalog mapping leads `uri` to a source: it names that source's root from now on, without a claim. */
  alias(uri: string, documentKey: string): void {
    this.locations.set(uri, { documentKey, pointer: "" });
  }

  /** The documents that declare `uri` as a local `$id` (described, sorted), if any. */
  localDeclarers(uri: string): readonly string[] | undefined {
    return this.localIds.get(uri);
  }

  registerResources(document: SchemaDocument, resources: readonly SchemaResource[]): void {
    // Its `$id`s name its resources for its own references only (index.resources); others find it by its path.
    if (document.ids === "local") {
      for (const resource of resources) {
        if (resource.declaredId !== undefined)
          this.localIds.set(
            resource.uri,
            [...(this.localIds.get(resource.uri) ?? []), describeDocument(document)].sort(compareStrings),
          );
      }
      return;
    }
    for (const resource of resources) {
      const idPointer =
        resource.declaredId === undefined
          ? resource.pointer
          : joinPointer(resource.pointer, idKeyword(document.dialect));
      this.register(resource.uri, { documentKey: document.key, pointer: resource.pointer }, idPointer);
    }
  }

  private register(uri: string, location: Location, idPointer: string): void {
    const existing = this.locations.get(uri);
    if (existing && (existing.documentKey !== location.documentKey || existing.pointer !== location.pointer)) {
      // Both claims are errors: which came first is only the order the files were found in.
      const [newcomer, holder] = [
        { ...location, idPointer },
        { ...existing, idPointer: existing.idPointer ?? existing.pointer },
      ];
      this.tellClash(uri, newcomer, holder);
      if (!this.toldClaims.has(`${holder.documentKey}#${holder.idPointer}`)) this.tellClash(uri, holder, newcomer);
      return;
    }
    this.locations.set(uri, { ...location, idPointer });
  }

  private tellClash(uri: string, claim: Required<Location>, other: Required<Location>): void {
    this.toldClaims.add(`${claim.documentKey}#${claim.idPointer}`);
    const owner = this.documents.get(claim.documentKey)!;
    const otherDocument = this.documents.get(other.documentKey)!.document;
    const otherPosition = otherDocument.positions.get(other.idPointer) ?? { line: 1, column: 1 };
    owner.diagnostics.push(
      errorAt(
        RESOLVE_CODES.duplicateId,
        `"${uri}" is also the $id of ${describeDocument(otherDocument)}:${otherPosition.line}:${otherPosition.column}; an $id names one schema (for versions of one schema that keep it, set ids: local for them in charter.config.yaml, under resolution.contracts or on their catalog entry)`,
        {
          file: owner.document.file,
          position: owner.document.positions.get(claim.idPointer),
          pointer: claim.idPointer,
        },
      ),
    );
  }
}
