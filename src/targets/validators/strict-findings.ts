import { createRequire } from "node:module";
import type { Ajv } from "ajv";
import { getAtPointer, pointerToFragment } from "../../core/json-pointer.js";
import type { ValidatorExport } from "./validator-export.js";
import type { AjvLog } from "./create-ajv.js";

const require = createRequire(import.meta.url);
// ajv's own test of whether it inlines a referenced schema (true: copied in place) or compiles
// it as a function of its own.
const { inlineRef } = require("ajv/dist/compile/resolve") as {
  inlineRef: (schema: unknown, limit?: boolean | number) => boolean;
};
// What ajv keeps for a schema it compiled as a function of its own (not in ajv's public types).
const { SchemaEnv } = require("ajv/dist/compile") as { SchemaEnv: new (...args: never[]) => CompiledEnv };

interface CompiledEnv {
  schema: unknown;
  root: CompiledEnv;
  refs: Record<string, unknown>;
}

/** A bundle's strict-mode findings, each located from the bundle's root. */
export interface StrictFindings {
  /** What ajv meets compiling the contract, as `ajv.compile` of the bundle does: what its strict mode refuses. */
  reached: string[];
  /**
   * What ajv meets only compiling a definition as its own export: a
   * definition the root never references, or a `required` that ajv, in
   * the contract, checks against properties declared earlier at the same
   * place (SchemaStore's tox: one `oneOf` branch declares the name another
   * one's `not: {required}` forbids). ajv's strict mode accepts the contract.
   */
  apart: string[];
}

/**
 * ajv's strict-mode findings for a bundle, each located from the bundle's
 * root, split by whether compiling the contract meets them.
 *
 * ajv states a finding relative to the schema it is compiling. The root is
 * compiled first, and with it every definition it references and does not
 * inline (one with a `$ref` inside), as a function of its own: such a
 * definition's findings come out relative to the definition (`#` for its top),
 * indistinguishable from the root's own. Each definition is then compiled as
 * its own export, which logs its findings again, where its place is known.
 * So the root's findings lose one copy of each text a separately compiled
 * definition the root reached logged, and keep the rest. A definition ajv
 * inlines is met in place: its findings are the root's own, same text.
 */
export function strictFindings(
  checker: Ajv,
  exports: readonly ValidatorExport[],
  schema: unknown,
  log: AjvLog,
): StrictFindings {
  const compile = (e: ValidatorExport): string[] => {
    const logged = log.warnings.length;
    checker.getSchema(e.ref);
    return log.warnings.splice(logged);
  };
  const root = exports.find((e) => e.pointer === "");
  const rootFindings = root ? compile(root) : [];
  // Read before the exports are compiled, which add what they reference.
  const compiledApart = root ? schemasCompiledApart(checker, root.ref) : new Set<unknown>();
  const rootTexts = new Set(rootFindings);
  const reached: string[] = [];
  const apart: string[] = [];
  const counts = new Map<string, number>();
  for (const e of exports) {
    if (e === root) continue;
    const raw = compile(e);
    const definition = getAtPointer(schema, e.pointer);
    const located = raw.map((text) => underExport(text, e.pointer, root?.ref ?? ""));
    if (!inlineRef(definition as object, true)) {
      if (!compiledApart.has(definition)) {
        apart.push(...located);
        continue;
      }
      for (const text of raw) counts.set(text, (counts.get(text) ?? 0) + 1);
      reached.push(...located);
    } else {
      for (const text of located) (rootTexts.has(text) ? reached : apart).push(text);
    }
  }
  const own = rootFindings.filter((text) => {
    const left = counts.get(text) ?? 0;
    if (left === 0) return true;
    counts.set(text, left - 1);
    return false;
  });
  return { reached: [...own, ...reached], apart };
}

/** The schemas ajv compiled as functions of their own while compiling `ref`: those it referenced and did not inline. */
function schemasCompiledApart(checker: Ajv, ref: string): Set<unknown> {
  const found = new Set<unknown>();
  const seen = new Set<CompiledEnv>();
  const visit = (env: CompiledEnv | undefined) => {
    if (!env || seen.has(env)) return;
    seen.add(env);
    for (const target of [...Object.values(env.refs), ...Object.values(env.root.refs)]) {
      if (!(target instanceof SchemaEnv)) continue;
      found.add(target.schema);
      visit(target);
    }
  };
  visit((checker.getSchema(ref) as unknown as { schemaEnv?: CompiledEnv } | undefined)?.schemaEnv);
  return found;
}

/**
 * A warning ajv logged while compiling the export at `pointer`, its location
 * made one from the bundle's root. A location in a schema resource of its own
 * (the definition has an `$id`) is relative to that resource already.
 */
export function underExport(warning: string, pointer: string, bundleId: string): string {
  if (pointer === "") return warning;
  const prefix = pointerToFragment(pointer);
  return warning.replace(
    / at (path )?"([^"#]*)#(?!\/(?:\$defs|definitions)\/)/,
    (whole: string, word: string | undefined, base: string) =>
      base === "" || base === bundleId ? ` at ${word ?? ""}"${base}#${prefix}` : whole,
  );
}
