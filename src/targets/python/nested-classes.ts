import type { JsonObject } from "../../core/json-object.js";

/** Names the module's code uses beside the types: a class so named would shadow them. */
const RESERVED = [
  "Annotated",
  "Any",
  "BaseModel",
  "ConfigDict",
  "Field",
  "JsonInt",
  "Literal",
  "StrictBool",
  "StrictFloat",
  "TypeAdapter",
  "TypeAlias",
];

/**
 * The classes a module writes for objects given inline (not declared types): each schema object
 * once, however many places reach it, named from the first place's hint and numbered where the
 * name is taken (by any type of the package, so that no import meets it either). Texts come in
 * the order the names were given, so the module is the same on every run.
 */
export interface NestedClasses {
  /** The class of an inline object: its name, its text written the first time. */
  classFor(schema: JsonObject, hint: string): string;
  /** Takes a name for a class of another kind (a variant): false when it is taken already. */
  claim(name: string): boolean;
  texts: string[];
  names: Set<string>;
}

export function nestedClasses(
  taken: ReadonlySet<string>,
  write: (name: string, schema: JsonObject) => string,
): NestedClasses {
  const names = new Set<string>();
  const used = new Set([...taken, ...RESERVED]);
  const bySchema = new Map<JsonObject, string>();
  const texts: string[] = [];
  return {
    texts,
    names,
    claim(name) {
      if (used.has(name)) return false;
      used.add(name);
      return true;
    },
    classFor(schema, hint) {
      const known = bySchema.get(schema);
      if (known !== undefined) return known;
      let name = hint;
      for (let n = 2; used.has(name); n++) name = `${hint}${n}`;
      used.add(name);
      names.add(name);
      // Named before its members are read: a member that reaches it again names it (a recursive model).
      bySchema.set(schema, name);
      const index = texts.push("") - 1;
      texts[index] = write(name, schema);
      return name;
    },
  };
}

/** A member's name as a part of a class name: `x-id` → `XId`, `payload` → `Payload`; `Member` when no letter or digit is left. */
export function pascalPart(member: string): string {
  const parts = member.split(/[^A-Za-z0-9]+/).filter((p) => p !== "");
  return parts.length === 0 ? "Member" : parts.map((p) => p[0]!.toUpperCase() + p.slice(1)).join("");
}
