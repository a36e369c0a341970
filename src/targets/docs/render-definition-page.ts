import type { ContractModel, DefinitionModel } from "./contract-model.js";
import type { Referrer } from "./definition-uses.js";
import { code, escapeHtml, proseHtml } from "./html.js";
import { pageHtml } from "./layout.js";
import { contractPage, definitionAnchor, definitionKey, definitionPage, rootOf } from "./page-links.js";
import {
  alternativesHtml,
  conditionalRulesHtml,
  constraintsLine,
  declarationHtml,
  membersTable,
  section,
} from "./render-definition.js";

/**
 * The page of one exported definition: what its contract's page showed of it, on a page of its
 * own so that a link to a type lands on that type (`definitions/agent/result/def-outcome.html`).
 * Its members keep the anchors they have on the contract page (`#def-outcome--x`).
 */
export function definitionPageHtml(
  model: ContractModel,
  definition: DefinitionModel,
  definitionPages: ReadonlySet<string>,
  usedBy: readonly Referrer[],
): string {
  const contract = model.contract.name;
  const page = definitionPage(contract, definition.pointer);
  const place = { page, definitionPages };
  const name = definition.typeName ?? definition.key;
  const contractHref = escapeHtml(rootOf(page) + contractPage(contract));
  const parts = [
    section("members", "Members", membersTable(definition, place) + constraintsLine(definition)),
    section("conditional-rules", "Conditional rules", conditionalRulesHtml(definition.rules, name)),
    section("alternatives", "Alternatives", alternativesHtml(definition.alternatives, place)),
    section("declaration", "TypeScript and schema", declarationHtml(model.contract.schema, definition, "definition")),
    section("used-by", "Used by", usedByHtml(usedBy, page, definitionPages)),
  ].filter((part) => part !== "");
  const body = `<p class="breadcrumb">Definition in <a href="${contractHref}#${definitionAnchor(definition.pointer)}">${code(contract)}</a></p>
<h1 id="top">${escapeHtml(name)}</h1>
<dl class="facts"><dt>Pointer</dt><dd>${code(`#${definition.pointer}`)}</dd><dt>Contract</dt><dd><a href="${contractHref}">${code(contract)}</a></dd></dl>
${definition.description === undefined ? "" : `<p class="lead">${proseHtml(definition.description)}</p>`}
${parts.join("\n")}`;
  return pageHtml({ page, title: `${name} (${contract}): charter contract definition`, body });
}

/** The contracts and definitions whose members or alternatives name this definition. */
function usedByHtml(usedBy: readonly Referrer[], page: string, definitionPages: ReadonlySet<string>): string {
  if (usedBy.length === 0) return "";
  const items = usedBy.map((referrer) => {
    const target =
      referrer.pointer !== "" && definitionPages.has(definitionKey(referrer.contract, referrer.pointer))
        ? definitionPage(referrer.contract, referrer.pointer)
        : contractPage(referrer.contract);
    const where = referrer.pointer === "" ? "" : ` in ${code(referrer.contract)}`;
    return `<li><a href="${escapeHtml(rootOf(page) + target)}">${code(referrer.name)}</a>${where}</li>`;
  });
  return `<ul class="used-by">${items.join("")}</ul>`;
}
