import { contractModels } from "./contract-model.js";
import type { DocsInput } from "./docs-input.js";
import { scriptData } from "./html.js";
import { definitionUses } from "./definition-uses.js";
import { contractPage, definitionKey, definitionPage } from "./page-links.js";
import { contractPageHtml } from "./render-contract.js";
import { definitionPageHtml } from "./render-definition-page.js";
import { indexPageHtml } from "./render-index.js";
import { compactSearchIndex, searchEntries } from "./search-index.js";
import { SITE_SCRIPT } from "./site-script.js";
import { SITE_CSS } from "./site-style.js";

/** The name of the file that marks a folder as a site `charter docs` wrote (and may replace). */
export const DOCS_MARKER = ".charter-docs";

/**
 * The site's files by path, from the generated tree and the sources: pure, so the same input
 * gives the same bytes. The payload box's bundles (`assets/runtime.js`,
 * `assets/validators/<name>.js`) are the CLI's to add: they are built from code on disk.
 */
export function emitDocs(input: DocsInput): Map<string, string> {
  const models = contractModels(input);
  const files = new Map<string, string>();
  files.set(DOCS_MARKER, "Written by charter docs; `charter docs` replaces this folder whole.\n");
  files.set("index.html", indexPageHtml(models, input.version));
  files.set("assets/site.css", SITE_CSS);
  files.set("assets/site.js", SITE_SCRIPT);
  const pages = new Set(models.flatMap((m) => m.definitions.map((d) => definitionKey(m.contract.name, d.pointer))));
  files.set("assets/search-index.js", scriptData("CHARTER_SEARCH", compactSearchIndex(searchEntries(models))));
  const uses = definitionUses(models);
  for (const model of models) {
    const name = model.contract.name;
    files.set(contractPage(name), contractPageHtml(model, input.version, pages));
    for (const definition of model.definitions)
      files.set(
        definitionPage(name, definition.pointer),
        definitionPageHtml(model, definition, pages, uses.get(definitionKey(name, definition.pointer)) ?? []),
      );
  }
  return new Map([...files.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
