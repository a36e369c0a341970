import { getAtPointer, joinPointer } from "../../core/json-pointer.js";

/**
 * Where in the source a strict-mode finding lies. ajv states a location
 * relative to the schema it was compiling, and a definition that another
 * schema references (and that ajv does not inline) is compiled on its own, so
 * `#/anyOf/1` may mean `#/$defs/slot/anyOf/1`. When the pointer as given
 * (from `base`, the schema resource it names) names nothing in the source
 * (or, for a `required` finding, no `required` naming that property), the
 * resource's top-level definitions are tried as its base; the first one that
 * fits is the place.
 */
export function locateFinding(root: unknown, pointer: string, required?: string, base = ""): string {
  if (fits(root, base + pointer, required)) return base + pointer;
  for (const container of ["$defs", "definitions"]) {
    const definitions = getAtPointer(root, joinPointer(base, container));
    if (definitions === null || typeof definitions !== "object") continue;
    for (const name of Object.keys(definitions)) {
      const candidate = joinPointer(base, container, name) + pointer;
      if (fits(root, candidate, required)) return candidate;
    }
  }
  return base + pointer;
}

function fits(root: unknown, pointer: string, required: string | undefined): boolean {
  const schema = getAtPointer(root, pointer);
  if (schema === undefined) return false;
  if (required === undefined) return true;
  const names = (schema as { required?: unknown } | null)?.required;
  return Array.isArray(names) && names.includes(required);
}
