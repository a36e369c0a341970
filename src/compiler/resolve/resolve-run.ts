import type { Dialect } from "../../schema/dialect.js";
import type { ResolvedGraph } from "../../schema/resolved-graph.js";
import { CatalogLoader } from "./catalog-loader.js";
import { IdRegistry } from "./id-registry.js";
import { ReferenceResolver } from "./reference-resolver.js";
import type { RunInputs } from "./run-inputs.js";
import { WorkList } from "./work-list.js";

/**
 * One run of reference resolution (see `resolveReferences`): the registry of
 * every schema resource, the work list of documents whose references are
 * resolved in turn, catalog files read on demand, and the rounds that settle
 * the dialect of catalog files that declare none.
 */
export class ResolveRun {
  private readonly registry = new IdRegistry();
  private readonly work = new WorkList();
  private readonly catalog: CatalogLoader;
  private readonly references: ReferenceResolver;

  constructor(private readonly inputs: RunInputs) {
    this.catalog = new CatalogLoader(inputs, this.registry, (key) => this.work.push(key));
    this.references = new ReferenceResolver(inputs.failedSources, this.registry, this.catalog, this.work);
  }

  async run(): Promise<{ graph: ResolvedGraph; misread: Map<string, Dialect> }> {
    const { documents } = this.registry;
    for (const source of this.inputs.sources) this.registry.admit(source);
    this.work.push(...this.inputs.sources.map((s) => s.key));
    for (let next = 0; next < this.work.length || this.nextRound(); next++) {
      const entry = documents.get(this.work.at(next))!;
      for (const i of this.work.takeSites(entry.document.key, entry.index.references.length))
        await this.references.resolve(entry, i);
    }
    // References that waited were resolved late: back in the order of their documents.
    for (const entry of documents.values()) {
      const order = new Map(entry.index.references.map((site, i) => [site, i]));
      entry.references.sort((a, b) => order.get(a.site)! - order.get(b.site)!);
    }
    return { graph: { documents, diagnostics: this.catalog.diagnostics }, misread: this.catalog.misread() };
  }

  /**
   * Called when the work list is empty. Files waiting for their dialect are
   * read now (see `CatalogLoader.readPending`), and the references that
   * waited are resolved again. When no file waits, the references that found
   * no document get a last try and are reported: a later round could have
   * declared the `$id` they name. Returns whether there is work again.
   */
  private nextRound(): boolean {
    const read = this.catalog.readPending();
    if (!read && !this.work.hasParked()) return false;
    this.work.startRound(!read);
    return true;
  }
}
