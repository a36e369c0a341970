import type { HistoryEntry } from "./docs-input.js";
import { code, escapeHtml } from "./html.js";
import { placeHref, rootOf } from "./page-links.js";

const CHANGE_WORDS: Record<HistoryEntry["change"], string> = {
  new: "new since",
  unchanged: "unchanged",
  "docs-only": "docs-only",
  compatible: "compatible",
  breaking: "breaking",
};

/**
 * The contract against each earlier version `docs.history` names: `charter diff`'s
 * classification of the change since (breaking, compatible, docs-only), and each finding linked
 * to the member it is in.
 */
export function historyHtml(
  contract: string,
  history: readonly HistoryEntry[] | undefined,
  page: string,
  definitionPages: ReadonlySet<string>,
): string {
  if (history === undefined || history.length === 0) return "";
  const rows = history.map((entry) => {
    const changes = entry.changes.map((change) => {
      const text = `${code(change.rule)}: ${escapeHtml(change.message)}`;
      if (change.pointer === undefined) return `<li>${text}</li>`;
      const href = rootOf(page) + placeHref(contract, change.pointer, definitionPages);
      return `<li><a href="${escapeHtml(href)}">${code(change.pointer)}</a> ${text}</li>`;
    });
    return `<tr>
<th scope="row">${code(entry.ref)}</th>
<td><span class="change change-${entry.change}">${CHANGE_WORDS[entry.change]}</span></td>
<td>${changes.length === 0 ? "" : `<ul class="changes">${changes.join("")}</ul>`}</td>
</tr>`;
  });
  return `<div class="table-wrap" role="region" aria-label="Changes of ${escapeHtml(contract)} since earlier versions" tabindex="0">
<table class="history">
<thead><tr><th scope="col">Since</th><th scope="col">Change</th><th scope="col">What changed</th></tr></thead>
<tbody>
${rows.join("\n")}
</tbody>
</table>
</div>`;
}
