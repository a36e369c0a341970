import type { JsonObject } from "../../core/json-object.js";
import { getAtPointer } from "../../core/json-pointer.js";
import type { Alternative, AlternativeGroup } from "./alternatives.js";
import type { ConditionalRule } from "./conditional-rules.js";
import { conditionText, ruleSentence } from "./conditional-rules.js";
import type { DefinitionModel } from "./contract-model.js";
import { code, escapeHtml, escapeText, proseHtml } from "./html.js";
import type { MemberRow } from "./members.js";
import { memberAnchor, targetHref } from "./page-links.js";

/** Rendering context: the page being drawn (relative to the site's root), for relative links. */
export interface PagePlace {
  page: string;
  /** The definitions that have a page of their own, by `definitionKey`. */
  definitionPages: ReadonlySet<string>;
}

/** The members table of an object: one row per member, each with an anchor of its own. */
export function membersTable(definition: DefinitionModel, place: PagePlace): string {
  if (definition.rows.length === 0) return "";
  const rows = definition.rows.map((row) => memberRow(row, definition.pointer, place)).join("\n");
  return `<div class="table-wrap" role="region" aria-label="Members of ${escapeHtml(definition.typeName ?? definition.key)}" tabindex="0">
<table class="members">
<thead><tr><th scope="col">Member</th><th scope="col">Type</th><th scope="col">Presence</th><th scope="col">Constraints</th><th scope="col">Default</th><th scope="col">Source</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</div>`;
}

function memberRow(row: MemberRow, pointer: string, place: PagePlace): string {
  const anchor = memberAnchor(pointer, row.name);
  const type =
    row.target === undefined
      ? code(row.type)
      : `<a href="${escapeHtml(targetHref(row.target, place.page, place.definitionPages))}">${code(row.type)}</a>`;
  const flags = [row.deprecated ? "deprecated" : "", row.readOnly ? "read-only" : "", row.writeOnly ? "write-only" : ""]
    .filter((flag) => flag !== "")
    .map((flag) => `<span class="flag">${flag}</span>`);
  const description = row.description === undefined ? "" : `<p>${proseHtml(row.description)}</p>`;
  return `<tr id="${anchor}">
<th scope="row"><a class="anchor" href="#${anchor}">${code(row.name)}</a>${description}</th>
<td>${type}</td>
<td>${presence(row)}${flags.length > 0 ? " " + flags.join(" ") : ""}</td>
<td>${row.constraints.map(proseHtml).join(", ")}</td>
<td>${row.default === undefined ? "" : code(row.default)}</td>
<td class="source">${row.location === undefined ? "" : code(row.location)}</td>
</tr>`;
}

function presence(row: MemberRow): string {
  const { requirement } = row;
  if (requirement.kind !== "conditional") return requirement.kind;
  return `required ${requirement.when.map(proseHtml).join(", or ")}`;
}

/** The conditional rules in words, then as a decision table: one row per case, one column per member a case names. */
export function conditionalRulesHtml(rules: readonly ConditionalRule[], label: string): string {
  if (rules.length === 0) return "";
  const sentences = rules.map((rule) => `<li>${proseHtml(ruleSentence(rule))}</li>`).join("\n");
  const members = [...new Set(rules.flatMap((rule) => [...rule.required, ...rule.forbidden, ...rule.narrowed]))].sort();
  const cell = (rule: ConditionalRule, member: string) =>
    rule.required.includes(member)
      ? "required"
      : rule.forbidden.includes(member)
        ? "absent"
        : rule.narrowed.includes(member)
          ? "narrowed"
          : "—";
  const head = members.map((m) => `<th scope="col">${code(m)}</th>`).join("");
  const body = rules
    .map(
      (rule) =>
        `<tr><th scope="row">${proseHtml(conditionText(rule))}</th>${members.map((m) => `<td class="cell-${cell(rule, m) === "—" ? "none" : cell(rule, m)}">${cell(rule, m)}</td>`).join("")}</tr>`,
    )
    .join("\n");
  return `<ul class="rules">
${sentences}
</ul>
<div class="table-wrap" role="region" aria-label="Decision table of ${escapeHtml(label)}" tabindex="0">
<table class="decision">
<thead><tr><th scope="col">Case</th>${head}</tr></thead>
<tbody>
${body}
</tbody>
</table>
</div>`;
}

/** A block of code with a copy button; `id` names the block for the button. */
export function copyableCode(id: string, text: string, label: string): string {
  return `<div class="code-block">
<div class="code-head"><span>${escapeHtml(label)}</span><button type="button" class="copy" data-copy="${id}">Copy</button></div>
<pre id="${id}" tabindex="0" aria-label="${escapeHtml(label)}"><code>${escapeText(text)}</code></pre>
</div>`;
}

/** A schema's `oneOf` / `anyOf` as cards, each named by its discriminator (or the type it refers to). */
export function alternativesHtml(groups: readonly AlternativeGroup[], place: PagePlace): string {
  return groups
    .map((group) => {
      const how = group.keyword === "oneOf" ? "Exactly one of these applies" : "At least one of these applies";
      const by = group.discriminator === undefined ? "" : `, picked by ${code(group.discriminator)}`;
      const cards = group.alternatives.map((alternative) => alternativeCard(alternative, place)).join("\n");
      return `<p>${how} (<code>${group.keyword}</code>)${by}:</p>
<ul class="cards">
${cards}
</ul>`;
    })
    .join("\n");
}

function alternativeCard(alternative: Alternative, place: PagePlace): string {
  const title = proseHtml(alternative.label);
  const heading =
    alternative.target === undefined
      ? title
      : `<a href="${escapeHtml(targetHref(alternative.target, place.page, place.definitionPages))}">${title}</a>`;
  const lines: string[] = [];
  if (alternative.description !== undefined) lines.push(`<p>${proseHtml(alternative.description)}</p>`);
  if (alternative.required.length > 0)
    lines.push(`<p>Requires ${alternative.required.map((name) => code(name)).join(", ")}.</p>`);
  if (alternative.constraints.length > 0) lines.push(`<p>${alternative.constraints.map(proseHtml).join(", ")}.</p>`);
  return `<li class="card"><p class="card-title">${heading}</p>${lines.join("")}</li>`;
}

/** The generated TypeScript declaration of a definition beside its schema in the bundle, both copyable. */
export function declarationHtml(
  bundle: JsonObject,
  definition: DefinitionModel,
  id: string,
  rootLabel = "Bundled schema",
): string {
  const schema = definition.pointer === "" ? bundle : getAtPointer(bundle, definition.pointer);
  const ts =
    definition.declaration === undefined
      ? ""
      : copyableCode(`ts-${id}`, definition.declaration, `TypeScript: ${definition.typeName ?? ""}`);
  const json = copyableCode(
    `schema-${id}`,
    JSON.stringify(schema, null, 2),
    definition.pointer === "" ? rootLabel : `Schema at #${definition.pointer}`,
  );
  return `<div class="side-by-side">${ts}${json}</div>`;
}

/** A section of a page with its heading; nothing when it has no content. */
export function section(id: string, title: string, content: string): string {
  if (content.trim() === "") return "";
  return `<section id="${id}" aria-labelledby="${id}-h">
<h2 id="${id}-h">${escapeHtml(title)}</h2>
${content}
</section>`;
}

/** What a definition's schema asks beside its members, as one line. */
export function constraintsLine(definition: DefinitionModel): string {
  return definition.constraints.length === 0
    ? ""
    : `<p class="constraints">The value: ${definition.constraints.map(proseHtml).join(", ")}.</p>`;
}
