import type { ContractModel } from "./contract-model.js";
import { contractPage, definitionPage, memberAnchor } from "./page-links.js";

/** One thing a reader can search for: a contract, a definition or a member, and where it is. */
export interface SearchEntry {
  kind: "contract" | "definition" | "member";
  name: string;
  contract: string;
  description: string;
  /** From the site's root. */
  href: string;
}

/** Every contract, definition and member of the site, in page order: built at docs time, searched in the browser. */
export function searchEntries(models: readonly ContractModel[]): SearchEntry[] {
  return models.flatMap((model) => {
    const name = model.contract.name;
    const page = contractPage(name);
    const entries: SearchEntry[] = [
      { kind: "contract", name, contract: name, description: model.root.description ?? "", href: page },
    ];
    for (const definition of [model.root, ...model.definitions]) {
      const at = definition.pointer === "" ? page : definitionPage(name, definition.pointer);
      if (definition.pointer !== "")
        entries.push({
          kind: "definition",
          name: definition.typeName ?? definition.key,
          contract: name,
          description: definition.description ?? "",
          href: at,
        });
      for (const row of definition.rows)
        entries.push({
          kind: "member",
          name: row.name,
          contract: name,
          description: row.description ?? "",
          href: `${at}#${memberAnchor(definition.pointer, row.name)}`,
        });
    }
    return entries;
  });
}

/**
 * The search index as the browser loads it: each text once in `texts` (large sets repeat most
 * descriptions, one schema's versions side by side), and each entry six numbers in `entries`:
 * kind (0 contract, 1 definition, 2 member), then the indexes in `texts` of its name, contract,
 * description, page and anchor (`""` for none); the href is the page, then `#` and the anchor
 * when there is one. Pages and anchors repeat where whole hrefs do not.
 */
export function compactSearchIndex(entries: readonly SearchEntry[]): { texts: string[]; entries: number[] } {
  const texts: string[] = [];
  const indexOf = new Map<string, number>();
  const text = (value: string) => {
    let index = indexOf.get(value);
    if (index === undefined) {
      index = texts.push(value) - 1;
      indexOf.set(value, index);
    }
    return index;
  };
  const kinds = { contract: 0, definition: 1, member: 2 } as const;
  const flat: number[] = [];
  for (const entry of entries) {
    const hash = entry.href.indexOf("#");
    const page = hash < 0 ? entry.href : entry.href.slice(0, hash);
    const anchor = hash < 0 ? "" : entry.href.slice(hash + 1);
    flat.push(
      kinds[entry.kind],
      text(entry.name),
      text(entry.contract),
      text(entry.description),
      text(page),
      text(anchor),
    );
  }
  return { texts, entries: flat };
}
