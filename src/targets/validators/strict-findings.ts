import { createRequire } from "node:module";
import type { Ajv } from "ajv";
import { getAtPointer, pointerToFragment } from "../../compiler/json-pointer.js";
import type { ValidatorExport } from "./compile-validator.js";
import type { AjvLog } from "./create-ajv.js";

// ajv's own test of whether it inlines a referenced schema (true: copied in place) or compiles
// it as a function of its own.
const { inlineRef } = createRequire(import.meta.url)("ajv/dist/compile/resolve") as { inlineRef: (schema: unknown, limit?: boolean | number) => boolean };

/**
 * ajv's strict-mode findings for a bundle, each located from the bundle's root.
 *
 * ajv states a finding relative to the schema it is compiling. The root is
 * compiled first, and with it every definition it references and does not
 * inline (one with a `$ref` inside), as a function of its own: such a
 * definition's findings come out relative to the definition (`#` for its top),
 * indistinguishable from the root's own. Each definition is then compiled as
 * its own export, which logs its findings again, where its place is known.
 * So the root's findings lose one copy of each text a separately compiled
 * definition logged, and keep the rest.
 */
export function strictFindings(checker: Ajv, exports: readonly ValidatorExport[], schema: unknown, log: AjvLog): string[] {
  const compile = (e: ValidatorExport): string[] => {
    const logged = log.warnings.length;
    checker.getSchema(e.ref);
    return log.warnings.splice(logged);
  };
  const root = exports.find((e) => e.pointer === "");
  const rootFindings = root ? compile(root) : [];
  const located: string[] = [];
  const counts = new Map<string, number>();
  for (const e of exports) {
    if (e === root) continue;
    const raw = compile(e);
    if (!inlineRef(getAtPointer(schema, e.pointer) as object, true)) for (const text of raw) counts.set(text, (counts.get(text) ?? 0) + 1);
    located.push(...raw.map((text) => underExport(text, e.pointer)));
  }
  const own = rootFindings.filter((text) => {
    const left = counts.get(text) ?? 0;
    if (left === 0) return true;
    counts.set(text, left - 1);
    return false;
  });
  return [...own, ...located];
}

/** A warning ajv logged while compiling the export at `pointer`, its location made one from the bundle's root. */
export function underExport(warning: string, pointer: string): string {
  if (pointer === "") return warning;
  const prefix = pointerToFragment(pointer);
  return warning.replace(/ at (path )?"([^"#]*)#(?!\/(?:\$defs|definitions)\/)/, (_, word: string | undefined, base: string) => ` at ${word ?? ""}"${base}#${prefix}`);
}
