import { inlineRef } from "ajv/dist/compile/resolve.js";
import type { JsonValue } from "../../core/json-value.js";
import { documentAt, resolveReference, sideOf } from "../../schema/bundle-side.js";
import { isSchemaObject, walkSchema, type SchemaObject } from "../../schema/walk-schema.js";
import { FIRST_ERROR_NESTING_LIMIT, firstErrorNesting } from "./first-error-nesting.js";

/**
 * The most schema text (JSON characters) a reference target may be copied
 * into the code, over all its uses, to be inlined: uses × size. ajv inlines
 * every target without references of its own, at each use; putout's
 * `definitions/rule` (449 characters, 475 uses: 213,275) then became 8 MB of
 * code, and a target that large inlined even once can push its caller past
 * the size V8 optimises. yamllint's `$defs/toggle` (60 characters, 23 uses:
 * 1,380) is what a function call per use made slow (docs/decisions/003-validators.md,
 * "Inlined references").
 */
export const INLINE_BUDGET = 1_500;

/**
 * Only a small schema (JSON characters, as compiled) has its targets inlined,
 * and only while the copies beyond each target's first come to at most
 * COPIED_SHARE of its text: each copy writes the target's code again, with
 * longer instance paths, so a module grew by about 14 bytes per character
 * copied (yamllint: 1,537 characters, 21 KB, 17 %). Over SchemaStore, the
 * budget alone added 6.9 MB (4 %) to the validators, these two limits 1.8 MB.
 */
export const SMALL_SCHEMA = 64_000;
export const COPIED_SHARE = 0.1;

/** What a contract's validator code inlines, each with its pointer in the schema compiled. */
export interface Inlining {
  /** The reference targets inlined at each use rather than called as a function of their own. */
  targets: Map<object, string>;
  /**
   * Each schema object whose `$ref` leads to a boolean schema, with the pointer
   * of that schema: ajv inlines a boolean target whatever its options say.
   */
  booleans: Map<object, string>;
}

/**
 * The reference targets of `schema` that its validator code inlines at each
 * use instead of calling a function of their own: those ajv would inline (no
 * reference inside: ajv's own test) whose uses × size stays within
 * INLINE_BUDGET, in a schema of at most SMALL_SCHEMA whose copies stay
 * within COPIED_SHARE of it (else none). Counted from the schema alone (each `$ref` resolved as a
 * bundle reads, from the document it is written in), so the choice, and the
 * code, are the same on every machine. Nothing is inlined when a reference
 * leads outside the schema (a meta-schema): its uses would go uncounted; nor
 * when a target copied into its uses could take the schema's first-error code
 * (`nesting`, from firstErrorNesting, which counts each definition apart, as a
 * function starts its own nesting) to the depth that makes it flat
 * (`nesting` Infinity: inline no target).
 */
export function inlinedTargets(schema: JsonValue, nesting: number): Inlining {
  const inlining: Inlining = { targets: new Map(), booleans: new Map() };
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) return inlining;
  const side = sideOf(schema);
  const uses = new Map<SchemaObject, { pointer: string; count: number }>();
  let outside = false;
  // A use of each target along a chain of aliases: ajv goes through a schema that is a reference
  // and nothing it knows besides, so the last target may be copied where the first is named.
  const count = (target: SchemaObject, pointer: string): boolean => {
    for (const chain = new Set<SchemaObject>(); !chain.has(target);) {
      chain.add(target);
      const seen = uses.get(target);
      if (seen) seen.count++;
      else uses.set(target, { pointer, count: 1 });
      if (!isAlias(target)) return true;
      const next = resolveReference(side, target["$ref"] as string, documentAt(side, pointer));
      if (next === undefined) return false;
      if (!isSchemaObject(next.schema as JsonValue)) return true;
      [target, pointer] = [next.schema as SchemaObject, next.pointer];
    }
    return true;
  };
  walkSchema(schema, undefined, (node, pointer) => {
    const ref = node["$ref"];
    if (typeof ref !== "string") return undefined;
    const target = resolveReference(side, ref, documentAt(side, pointer));
    const found = target?.schema;
    if (found === undefined) outside = true;
    else if (typeof found === "boolean") inlining.booleans.set(node, target!.pointer);
    else if (!count(found as SchemaObject, target!.pointer)) outside = true;
    return undefined;
  });
  if (outside) return inlining;
  const size = JSON.stringify(schema).length;
  if (size > SMALL_SCHEMA) return inlining;
  let deepest = 0;
  let copied = 0;
  for (const [target, { pointer, count }] of uses) {
    if (!inlineRef(target, true)) continue;
    const length = JSON.stringify(target).length;
    if (count * length > INLINE_BUDGET) continue;
    inlining.targets.set(target, pointer);
    copied += (count - 1) * length;
    deepest = Math.max(deepest, firstErrorNesting(target).nesting);
  }
  if (copied > COPIED_SHARE * size || nesting + deepest + 1 >= FIRST_ERROR_NESTING_LIMIT) inlining.targets.clear();
  return inlining;
}

/** A schema that is a `$ref` and nothing else but extensions (`x-...`), which ajv resolves through. */
function isAlias(schema: SchemaObject): boolean {
  return typeof schema["$ref"] === "string" && Object.keys(schema).every((k) => k === "$ref" || k.startsWith("x-"));
}
