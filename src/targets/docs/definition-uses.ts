import type { ContractModel } from "./contract-model.js";
import { definitionKey } from "./page-links.js";
import type { ReferenceTarget } from "./schema-references.js";

/** A definition, or a contract's root (`pointer` `""`), that refers to another definition. */
export interface Referrer {
  contract: string;
  pointer: string;
  /** Its TypeScript name, else its key, else the contract's name. */
  name: string;
}

/**
 * Who refers to each definition of the site, by `definitionKey`: each contract root and
 * definition whose members or alternatives name it (the links its page draws), each once, in
 * the site's order. The definition pages list them as "used by".
 */
export function definitionUses(models: readonly ContractModel[]): Map<string, Referrer[]> {
  const uses = new Map<string, Referrer[]>();
  for (const model of models)
    for (const definition of [model.root, ...model.definitions]) {
      const contract = model.contract.name;
      const referrer: Referrer = {
        contract,
        pointer: definition.pointer,
        name: definition.typeName ?? (definition.pointer === "" ? contract : definition.key),
      };
      const targets: ReferenceTarget[] = [
        ...definition.rows.flatMap((row) => (row.target === undefined ? [] : [row.target])),
        ...definition.alternatives.flatMap((group) =>
          group.alternatives.flatMap((alternative) => (alternative.target === undefined ? [] : [alternative.target])),
        ),
      ];
      const seen = new Set<string>();
      for (const target of targets) {
        const key = definitionKey(target.contract, target.pointer);
        if (
          target.pointer === "" ||
          seen.has(key) ||
          (target.contract === contract && target.pointer === definition.pointer)
        )
          continue;
        seen.add(key);
        uses.set(key, [...(uses.get(key) ?? []), referrer]);
      }
    }
  return uses;
}
