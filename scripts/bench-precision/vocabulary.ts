/**
 * The strings a schema lists as `const` or `enum` values, grouped so that a
 * mutant can swap one for a sibling: the other members of its `enum`, or the
 * other `const`s the schema gives the same property name (the branches of a
 * discriminated union, the `if` of a conditional). Read from the bundled
 * schema without evaluating it: a swap that happens to be valid is simply
 * not kept, since ajv judges every mutant.
 */

export interface Vocabulary {
  /** Other listed strings a value `value` could be swapped for (empty when `value` is listed nowhere). */
  alternativesOf(value: string): readonly string[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Adds every member of `group` as an alternative of every other. */
function link(into: Map<string, Set<string>>, group: readonly string[]): void {
  for (const value of group) {
    let set = into.get(value);
    if (!set) into.set(value, (set = new Set()));
    for (const other of group) if (other !== value) set.add(other);
  }
}

export function schemaVocabulary(schema: unknown): Vocabulary {
  const alternatives = new Map<string, Set<string>>();
  const constsByProperty = new Map<string, Set<string>>();
  const seen = new Set<unknown>();
  const visit = (node: unknown, propertyName: string | undefined): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item, undefined);
      return;
    }
    if (!isObject(node) || seen.has(node)) return;
    seen.add(node);
    const listed = node["enum"];
    if (Array.isArray(listed))
      link(
        alternatives,
        listed.filter((v): v is string => typeof v === "string"),
      );
    const constant = node["const"];
    if (typeof constant === "string") {
      link(alternatives, [constant]);
      if (propertyName !== undefined) {
        const group = constsByProperty.get(propertyName) ?? new Set<string>();
        group.add(constant);
        constsByProperty.set(propertyName, group);
      }
    }
    for (const [key, child] of Object.entries(node)) {
      if (key === "enum" || key === "const" || key === "examples" || key === "default") continue;
      if ((key === "properties" || key === "patternProperties") && isObject(child)) {
        for (const [name, sub] of Object.entries(child)) visit(sub, name);
      } else visit(child, undefined);
    }
  };
  visit(schema, undefined);
  for (const group of constsByProperty.values()) link(alternatives, [...group]);
  const sorted = new Map([...alternatives].map(([value, set]) => [value, [...set].sort()]));
  return { alternativesOf: (value) => sorted.get(value) ?? [] };
}
