import { dependencyGraphSvg } from "./dependency-graph.js";
import { memberCount, type ContractModel } from "./contract-model.js";
import { code, escapeHtml, proseHtml } from "./html.js";
import { pageHtml } from "./layout.js";
import { contractPage } from "./page-links.js";

/** The index: every contract with its facts, and the search over contracts, definitions and members. */
export function indexPageHtml(models: readonly ContractModel[], version: string | undefined): string {
  const rows = models
    .map((model) => {
      const { contract } = model;
      return `<tr>
<th scope="row"><a href="${escapeHtml(contractPage(contract.name))}">${code(contract.name)}</a></th>
<td>${model.root.description === undefined ? "" : proseHtml(model.root.description)}</td>
<td>${code(contract.version ?? version ?? "")}</td>
<td class="digest"><code title="${escapeHtml(contract.digest)}">${escapeHtml(contract.digest.slice(0, 19))}…</code></td>
<td class="count">${model.definitions.length}</td>
<td class="count">${memberCount(model)}</td>
</tr>`;
    })
    .join("\n");
  const body = `<h1>Contracts</h1>
<p class="lead">${models.length} contract${models.length === 1 ? "" : "s"}${version === undefined ? "" : `, version ${code(version)}`}, documented from the committed generated tree by <code>charter docs</code>.</p>
<div class="table-wrap" role="region" aria-label="Every contract" tabindex="0">
<table class="contracts">
<thead><tr><th scope="col">Contract</th><th scope="col">Description</th><th scope="col">Version</th><th scope="col">Digest</th><th scope="col">Definitions</th><th scope="col">Members</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</div>
<section id="graph" aria-labelledby="graph-h">
<h2 id="graph-h">Which contract uses which</h2>
<div class="graph-wrap" role="region" aria-label="Graph of the contracts" tabindex="0">
${dependencyGraphSvg(new Map(models.map((m) => [m.contract.name, m.uses])))}
</div>
</section>`;
  // The search index loads once the page has shown (site.js), so that it is there when the reader types.
  return pageHtml({ page: "index.html", title: "Contracts: charter docs", body, preloadSearch: true });
}
