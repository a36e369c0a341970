import { joinPointer } from "../../../core/json-pointer.js";
import { isSchemaObject, type SchemaObject } from "../../../schema/walk-schema.js";

/** A regular expression written in a schema: its `pattern`, or a key of its `patternProperties`. */
export interface SchemaPattern {
  written: string;
  /** Where it is written, and whether to report at the key there (a `patternProperties` key) rather than the value. */
  pointer: string;
  atKey: boolean;
}

/** The regular expressions of one schema object, `pattern` first, then `patternProperties` in document order. */
export function patternsOf(schema: SchemaObject, pointer: string): SchemaPattern[] {
  const keyed = schema["patternProperties"];
  const pointers = [
    ...(typeof schema["pattern"] === "string" ? [[schema["pattern"], joinPointer(pointer, "pattern")] as const] : []),
    ...(isSchemaObject(keyed)
      ? Object.keys(keyed).map((p) => [p, joinPointer(pointer, "patternProperties", p)] as const)
      : []),
  ];
  // As lintSource always placed them: at the key when the pointer passes through a `patternProperties`.
  return pointers.map(([written, at]) => ({ written, pointer: at, atKey: at.includes("/patternProperties/") }));
}

/** Why `pattern` does not compile as validators run it (ECMAScript, `u` flag), or undefined when it does. */
export function compileError(pattern: string): string | undefined {
  try {
    new RegExp(pattern, "u");
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** Whether `name` matches `pattern`; a pattern that does not compile matches nothing. */
export function matches(pattern: string, name: string): boolean {
  try {
    return new RegExp(pattern, "u").test(name);
  } catch {
    return false;
  }
}
