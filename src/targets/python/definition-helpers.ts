import { pointerToFragment } from "../../core/json-pointer.js";

/** A definition a module declares: its type's name and its pointer in the bundle. */
export interface DeclaredDefinition {
  name: string;
  pointer: string;
}

/** `validate_<snake name>`: `AgentProblem` → `validate_agent_problem`, `HTTPStatus` → `validate_http_status`. */
export function definitionHelperName(typeName: string): string {
  const snake = typeName
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9_]/g, "_")
    .toLowerCase()
    .replace(/^_+/, "");
  return `validate_${snake}`;
}

/**
 * A `validate_<name>` helper for each definition the module declares beside its root: the
 * instance checked against the definition (a reference to it in the contract's bundle), then
 * read by its model. Names that would meet are numbered in pointer order.
 */
export function definitionHelpers(
  contract: { name: string; id: string; formats: boolean },
  definitions: readonly DeclaredDefinition[],
): string[] {
  const taken = new Set<string>(["validate"]);
  return definitions
    .filter((d) => d.pointer !== "")
    .map(({ name, pointer }) => {
      const base = definitionHelperName(name);
      let helper = base;
      for (let n = 2; taken.has(helper); n++) helper = `${base}_${n}`;
      taken.add(helper);
      const id = `${contract.id}#${pointerToFragment(pointer)}`;
      return [
        `def ${helper}(instance: object) -> ${name}:`,
        `    """An instance of ${name} (${contract.name} ${pointer}), read by its model once the definition's schema accepts it (with jsonschema installed)."""`,
        `    return check_contract(${JSON.stringify(id)}, ${contract.formats ? "True" : "False"}, instance, TypeAdapter(${name}))`,
      ].join("\n");
    });
}
