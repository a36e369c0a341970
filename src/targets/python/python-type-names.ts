import type { TypeNames } from "../shared/type-names.js";

/**
 * Names a generated module or the package's `__init__` binds beside the types: the imports of
 * `typing`, pydantic and the package's own modules, the builtins the annotations use, and the
 * functions a module defines. A type so named would shadow them (annotations are read late, in
 * the module's namespace), so it is renamed with a trailing `_`.
 */
const BOUND = new Set([
  ..."Annotated Any Literal TypeAlias BaseModel ConfigDict Field StrictBool StrictFloat TypeAdapter".split(" "),
  ..."model_validator JsonInt re check_contract dependent_required check_rules validate".split(" "),
  ..."ContractError schema_checks_available list dict str int float bool tuple object type".split(" "),
  ..."None True False".split(" "),
]);

/**
 * The TypeScript types' names as the Python package spells them: the same, but for a `$` (no
 * Python identifier has one), which becomes `_`, and a name the modules bind otherwise, which
 * gets a trailing `_`; a name so made that another type has gets more.
 */
export function pythonTypeNames(names: TypeNames): TypeNames {
  const all = [...names.byDocument.values()].flatMap((byPointer) => [...byPointer.values()]);
  const taken = new Set(all);
  const renamed = new Map<string, string>();
  for (const name of [...new Set(all)].sort()) {
    let python = name.replace(/\$/g, "_");
    if (python === name && !BOUND.has(name)) continue;
    if (BOUND.has(python)) python = `${python}_`;
    while (taken.has(python)) python = `${python}_`;
    taken.add(python);
    renamed.set(name, python);
  }
  if (renamed.size === 0) return names;
  const byDocument = new Map(
    [...names.byDocument].map(([key, byPointer]) => [
      key,
      new Map([...byPointer].map(([pointer, name]) => [pointer, renamed.get(name) ?? name])),
    ]),
  );
  return { ...names, byDocument };
}
