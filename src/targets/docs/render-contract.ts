import type { JsonValue } from "../../core/json-value.js";
import { isJsonObject, type JsonObject } from "../../core/json-object.js";
import { getAtPointer, splitPointer } from "../../core/json-pointer.js";
import type { ContractModel, DefinitionModel } from "./contract-model.js";
import type { DocsContract } from "./docs-input.js";
import { code, escapeHtml, proseHtml } from "./html.js";
import { pageHtml } from "./layout.js";
import { historyHtml } from "./render-history.js";
import { contractPage, definitionAnchor, definitionPage, memberAnchor, rootOf } from "./page-links.js";
import {
  alternativesHtml,
  conditionalRulesHtml,
  constraintsLine,
  copyableCode,
  declarationHtml,
  membersTable,
  section,
  type PagePlace,
} from "./render-definition.js";

/** The browser bundles a contract page loads for its payload box, relative to the site's root. */
export function playgroundScripts(name: string): string[] {
  return ["assets/runtime.js", `assets/validators/${name}.js`];
}

/** A contract's page: what it is, its members and rules, its definitions, its TypeScript and schema, and the payload box. */
export function contractPageHtml(
  model: ContractModel,
  version: string | undefined,
  definitionPages: ReadonlySet<string>,
): string {
  const { contract } = model;
  const page = contractPage(contract.name);
  const place: PagePlace = { page, definitionPages };
  const sections = [
    section("members", "Members", membersTable(model.root, place) + constraintsLine(model.root)),
    section("conditional-rules", "Conditional rules", conditionalRulesHtml(model.root.rules, contract.name)),
    section("alternatives", "Alternatives", alternativesHtml(model.root.alternatives, place)),
    section("declared-rules", "Declared rules", declaredRules(contract.rules)),
    section("history", "Change history", historyHtml(contract.name, contract.history, page, definitionPages)),
    section("examples", "Examples and counterexamples", examplesHtml(model)),
    section("definitions", "Definitions", model.definitions.map((d) => definitionHtml(model, d, page)).join("\n")),
    section("declaration", "TypeScript and schema", rootDeclarationHtml(model)),
    contract.hasValidator ? section("try", "Try a payload", playgroundHtml(model)) : "",
    section("links", "Uses and used by", linksHtml(model, page)),
  ].filter((s) => s !== "");
  const toc = sections
    .map((s) => /<section id="([^"]+)"[^>]*>\s*<h2[^>]*>([^<]+)<\/h2>/.exec(s))
    .filter((m) => m !== null)
    .map((m) => `<li><a href="#${m[1]}">${m[2]}</a></li>`)
    .join("");
  const body = `<h1 id="top">${escapeHtml(contract.name)}</h1>
${model.root.description === undefined ? "" : `<p class="lead">${proseHtml(model.root.description)}</p>`}
${factsHtml(model, contract.version ?? version)}
<nav class="toc" aria-label="On this page"><ul>${toc}</ul></nav>
${sections.join("\n")}`;
  return pageHtml({
    page,
    title: `${contract.name}: charter contract`,
    body,
    ...(contract.hasValidator ? { scripts: playgroundScripts(contract.name) } : {}),
  });
}

function factsHtml(model: ContractModel, version: string | undefined): string {
  const { contract, root } = model;
  const facts: [string, string][] = [];
  if (root.typeName !== undefined) facts.push(["Type", code(root.typeName)]);
  if (root.title !== undefined) facts.push(["Title", escapeHtml(root.title)]);
  if (version !== undefined) facts.push(["Version", code(version)]);
  facts.push(["Digest", code(contract.digest)], ["Dialect", code(contract.dialect)], ["Source", code(contract.source)]);
  return `<dl class="facts">${facts.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join("")}</dl>`;
}

function declaredRules(rules: Readonly<Record<string, string>>): string {
  const ids = Object.keys(rules).sort();
  if (ids.length === 0) return "";
  const items = ids
    .map((id) => `<li id="rule-${escapeHtml(id)}">${code(id)}: ${proseHtml(rules[id]!)}</li>`)
    .join("\n");
  return `<p>Rules JSON Schema cannot state: the application registers a function for each, and its <code>validate</code> runs them after the schema.</p>
<ul class="declared">
${items}
</ul>`;
}

function examplesHtml(model: ContractModel): string {
  const examples = getAtPointer(model.contract.schema, "/examples");
  const valid = Array.isArray(examples) ? (examples as JsonValue[]) : [];
  const parts = valid.map((value, i) =>
    copyableCode(`example-${i + 1}`, JSON.stringify(value, null, 2), `Example ${i + 1}: valid`),
  );
  model.contract.counterexamples.forEach((counter, i) => {
    const expected = counter.error === undefined ? "" : ` (must fail with ${JSON.stringify(counter.error)})`;
    parts.push(
      copyableCode(
        `counterexample-${i + 1}`,
        JSON.stringify(counter.value, null, 2),
        `Counterexample ${i + 1}: invalid${expected}`,
      ),
    );
    if (counter.reported !== undefined) parts.push(reportedHtml(counter.reported));
  });
  return parts.length === 0 ? "" : `<div class="examples">${parts.join("\n")}</div>`;
}

/** What the committed validator says of a counterexample, as the payload box would list it. */
function reportedHtml(reported: NonNullable<DocsContract["counterexamples"][number]["reported"]>): string {
  if (reported.length === 0) return `<p class="reported">The validator accepts it.</p>`;
  const items = reported
    .map(
      (v) =>
        `<li>${code(v.pointer || "/")}: ${escapeHtml(v.message)} <span class="kind">[${escapeHtml(v.keyword)}]</span></li>`,
    )
    .join("");
  return `<p class="reported">The validator reports:</p><ol class="reported">${items}</ol>`;
}

/**
 * A definition's place on its contract's page: its name, linking to its own page, and its
 * members, each under the anchor the contract page always gave it (`#def-outcome--x`), so that
 * links into the contract page keep leading to the definition.
 */
function definitionHtml(model: ContractModel, definition: DefinitionModel, page: string): string {
  const anchor = definitionAnchor(definition.pointer);
  const name = definition.typeName ?? definition.key;
  const href = escapeHtml(rootOf(page) + definitionPage(model.contract.name, definition.pointer));
  const members = definition.rows
    .map((row) => {
      const id = memberAnchor(definition.pointer, row.name);
      return `<li id="${id}"><a href="${href}#${id}">${code(row.name)}</a></li>`;
    })
    .join("");
  return `<section id="${anchor}" class="definition" aria-labelledby="${anchor}-h">
<h3 id="${anchor}-h"><a href="${href}">${code(name)}</a> <span class="pointer">${code(`#${definition.pointer}`)}</span></h3>
${definition.description === undefined ? "" : `<p>${proseHtml(definition.description)}</p>`}
${members === "" ? "" : `<ul class="member-names" aria-label="Members of ${escapeHtml(name)}">${members}</ul>`}
</section>`;
}

function playgroundHtml(model: ContractModel): string {
  const { contract } = model;
  return `<p>Paste a payload as JSON or YAML. It is checked in this page by charter-runtime with this contract's committed validator (${code(contract.digest)}), the code production runs; nothing is compiled here.${Object.keys(contract.rules).length > 0 ? " Declared rules run in the application and are not checked here." : ""}</p>
<div class="playground" data-contract="${escapeHtml(contract.name)}" data-digest="${escapeHtml(contract.digest)}">
<label for="payload">Payload (JSON or YAML)</label>
<textarea id="payload" rows="12" spellcheck="false" autocomplete="off"></textarea>
<div><button type="button" id="check-payload">Check the payload</button></div>
<div id="verdict" role="status" aria-live="polite"></div>
<ol id="violations"></ol>
</div>`;
}

function linksHtml(model: ContractModel, page: string): string {
  const link = (name: string) => `<a href="${escapeHtml(rootOf(page) + contractPage(name))}">${code(name)}</a>`;
  const parts: string[] = [];
  if (model.uses.length > 0) parts.push(`<p>Uses: ${model.uses.map(link).join(", ")}</p>`);
  if (model.usedBy.length > 0) parts.push(`<p>Used by: ${model.usedBy.map(link).join(", ")}</p>`);
  return parts.join("\n");
}

/**
 * The root's declaration beside the bundle less the definitions that have pages of their own,
 * where each is shown beside its own declaration: the whole bundle here repeated them all, 26 MB
 * of the SchemaStore corpus's site. The generated tree holds the whole bundle.
 */
function rootDeclarationHtml(model: ContractModel): string {
  const bundle = model.contract.schema;
  const paged = new Map<string, Set<string>>();
  for (const { pointer } of model.definitions) {
    const [keyword, key, ...rest] = splitPointer(pointer);
    if (keyword === undefined || key === undefined || rest.length > 0) continue;
    if (!paged.has(keyword)) paged.set(keyword, new Set());
    paged.get(keyword)!.add(key);
  }
  const shown: JsonObject = { ...bundle };
  let left = 0;
  for (const [keyword, keys] of paged) {
    const holder = bundle[keyword];
    if (!isJsonObject(holder)) continue;
    const kept = Object.fromEntries(Object.entries(holder).filter(([key]) => !keys.has(key)));
    left += Object.keys(holder).length - Object.keys(kept).length;
    if (Object.keys(kept).length > 0) shown[keyword] = kept;
    else delete shown[keyword];
  }
  const label =
    left === 0
      ? "Bundled schema"
      : `Bundled schema, less the ${left} definition${left === 1 ? "" : "s"} shown on ${left === 1 ? "its own page" : "their own pages"}`;
  return declarationHtml(shown, model.root, "root", label);
}
