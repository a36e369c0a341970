import { isJsonObject, type JsonObject } from "../../core/json-object.js";
import { fragmentToPointer, pointerToFragment, splitPointer } from "../../core/json-pointer.js";
import { alternativeGroups, type AlternativeGroup } from "./alternatives.js";
import { conditionalRules, type ConditionalRule } from "./conditional-rules.js";
import { constraintWords } from "./constraint-words.js";
import { directUses } from "./direct-uses.js";
import type { DocsContract, DocsInput } from "./docs-input.js";
import { memberRows, type MemberRow } from "./members.js";
import { resolveInBundle, schemaAt } from "../shared/bundle-references.js";
import { exportedDeclarations, memberTypes } from "./type-declarations.js";

/** A contract's root, or one of its exported definitions, as a page shows it. */
export interface DefinitionModel {
  /** The definition's key (`outcome`), or `""` for the contract's root. */
  key: string;
  /** Its pointer in the bundle (`/$defs/outcome`, `""`). */
  pointer: string;
  typeName?: string;
  title?: string;
  description?: string;
  rows: MemberRow[];
  rules: ConditionalRule[];
  /** What the schema asks beside its members, in words. */
  constraints: string[];
  /** Its `oneOf` and `anyOf`, each alternative named by its discriminator where it has one. */
  alternatives: AlternativeGroup[];
  /** The generated TypeScript declaration of its type. */
  declaration?: string;
}

export interface ContractModel {
  contract: DocsContract;
  root: DefinitionModel;
  definitions: DefinitionModel[];
  /** Contracts this one refers to itself, and those that refer to it. */
  uses: string[];
  usedBy: string[];
}

/** Each contract's model, in the input's order (the manifest's: by name). */
export function contractModels(input: DocsInput): ContractModel[] {
  const contractsById = new Map(input.contracts.map((c) => [c.id, c.name]));
  const uses = new Map(input.contracts.map((c) => [c.name, directUses(c, contractsById)]));
  return input.contracts.map((contract) => {
    const declarations = exportedDeclarations(contract.typesModule ?? "");
    const definition = (key: string, pointer: string): DefinitionModel => {
      const registryKey = registryKeyOf(contract.name, pointer);
      const typeName = input.typeNames.get(registryKey);
      const declaration = typeName === undefined ? undefined : declarations.get(typeName);
      const schema = schemaAt(contract.schema, pointer);
      const typeNames = input.typeNames;
      return definitionModel({ key, pointer, contract, contractsById, declaration, typeName, typeNames }, schema);
    };
    const definitions = [...input.typeNames.keys()]
      .filter((key) => key.startsWith(`${contract.name}#`))
      .sort()
      .map((key) => {
        // The registry's keys hold URI fragments (`#/definitions/a%3Ab`), the bundle JSON pointers.
        const fragment = key.slice(contract.name.length + 1);
        const pointer = fragmentToPointer(fragment) ?? fragment;
        return definition(splitPointer(pointer).at(-1) ?? pointer, pointer);
      });
    return {
      contract,
      root: definition("", ""),
      definitions,
      uses: uses.get(contract.name) ?? [],
      usedBy: [...uses].filter(([, used]) => used.includes(contract.name)).map(([name]) => name),
    };
  });
}

interface DefinitionPlace {
  key: string;
  pointer: string;
  contract: DocsContract;
  contractsById: ReadonlyMap<string, string>;
  declaration: string | undefined;
  typeName: string | undefined;
  typeNames: ReadonlyMap<string, string>;
}

function definitionModel(place: DefinitionPlace, value: unknown): DefinitionModel {
  const { contract, pointer } = place;
  const schema: JsonObject = isJsonObject(value as never) ? (value as JsonObject) : {};
  const resolve = (reference: string) => resolveInBundle(contract.schema, reference);
  const rules = conditionalRules(schema, resolve);
  const model: DefinitionModel = {
    key: place.key,
    pointer,
    rows: memberRows(schema, pointer, rules, {
      contract: contract.name,
      bundle: contract.schema,
      source: contract.source,
      sourceLines: contract.sourceLines,
      contractsById: place.contractsById,
      tsTypes: place.declaration === undefined ? new Map() : memberTypes(place.declaration),
    }),
    rules,
    constraints: constraintWords(schema),
    alternatives: alternativeGroups(schema, {
      contract: contract.name,
      contractsById: place.contractsById,
      resolve,
      typeName: (target) => place.typeNames.get(registryKeyOf(target.contract, target.pointer)),
    }),
  };
  if (place.typeName !== undefined) model.typeName = place.typeName;
  if (place.declaration !== undefined) model.declaration = place.declaration;
  if (typeof schema["title"] === "string") model.title = schema["title"];
  if (typeof schema["description"] === "string") model.description = schema["description"];
  return model;
}

/** How many members a contract documents: its root's and its definitions'. */
export function memberCount(model: ContractModel): number {
  return [model.root, ...model.definitions].reduce((sum, d) => sum + d.rows.length, 0);
}

/** How the validators' registry names a contract's schema at `pointer`: the contract, then the pointer as a URI fragment. */
function registryKeyOf(contract: string, pointer: string): string {
  return pointer === "" ? contract : `${contract}#${pointerToFragment(pointer)}`;
}
