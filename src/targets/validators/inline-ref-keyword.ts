import type { Ajv, KeywordCxt } from "ajv";
import { resolveRef, SchemaEnv } from "ajv/dist/compile/index.js";
import { resolveUrl } from "ajv/dist/compile/resolve.js";
import { pointerToFragment } from "../../core/json-pointer.js";
import type { Inlining } from "./inline-refs.js";

/**
 * What an inlined reference's schema paths start with in ajv's code, before
 * schema-paths.ts makes them `#<pointer>`: not `#`, so that the rewrite that
 * prefixes each function's own paths with the function's place leaves them be.
 */
export const INLINED_MARK = "charter-inlined:";

type KeywordCode = (cxt: KeywordCxt, ruleType?: string) => void;

/** What the wrapper reads of ajv's compilation context (not in ajv's public types). */
interface RefContext {
  self: Ajv & { opts: { inlineRefs?: boolean | number; uriResolver: unknown } };
  baseId: string;
  schemaEnv: { root: { baseId: string; refs: Record<string, unknown> } };
}

/**
 * ajv decides whether to inline a reference target by its option
 * `inlineRefs` alone: `true` inlines every target without references of its
 * own, a number those with as many keywords at most, `false` none (but a
 * boolean schema). This instance inlines `targets` (inline-refs.ts) and no
 * other: around each `$ref` it resolves, ajv is asked once with `true`, and a
 * target it would inline that is not among them is forgotten and resolved
 * again with `false`, so that it compiles to a function. ajv keeps the choice
 * per reference of each schema resource, as it does any.
 *
 * An inlined target's errors would carry the reference as written for their
 * path (`#/$defs/toggle/oneOf`), which a function's paths could not be told
 * from; they carry `INLINED_MARK#<the target's pointer>/...` instead, as do
 * those of a boolean target (`booleans`), which ajv inlines whatever its
 * options. The wrapping is set on this instance's copy of the keyword definition.
 */
export function inlineOnly(ajv: Ajv, { targets, booleans }: Inlining): void {
  const rules = (ajv as unknown as { RULES: { all: Record<string, { definition?: { code: KeywordCode } }> } }).RULES
    .all;
  const definition = rules["$ref"]?.definition;
  if (!definition) return;
  const code = definition.code;
  definition.code = (cxt, ruleType) => {
    const it = cxt.it as unknown as RefContext;
    const opts = it.self.opts;
    const before = opts.inlineRefs;
    try {
      choose(it, cxt.schema as string, targets);
      opts.inlineRefs = false;
      const subschema = cxt.subschema.bind(cxt);
      cxt.subschema = (args, valid) => {
        const pointer =
          typeof args.schema === "object"
            ? targets.get(args.schema)
            : typeof args.schema === "boolean"
              ? booleans.get(cxt.parentSchema as object)
              : undefined;
        if (pointer === undefined) return subschema(args, valid);
        return subschema({ ...args, errSchemaPath: `${INLINED_MARK}#${pointerToFragment(pointer)}` }, valid);
      };
      code.call(definition, cxt, ruleType);
    } finally {
      // A reference met while resolving another (a resource compiled meanwhile) restores its asker's setting.
      opts.inlineRefs = before;
    }
  };
}

/** Resolves `$ref` as ajv would inline, and forgets the answer unless the target is one of `targets`. */
function choose(it: RefContext, $ref: string, targets: ReadonlyMap<object, string>): void {
  const { self, baseId } = it;
  const root = it.schemaEnv.root;
  // The root itself is called, never inlined (ajv's `callRootRef`).
  if (($ref === "#" || $ref === "#/") && baseId === root.baseId) return;
  const key = resolveUrl(self.opts.uriResolver as never, baseId, $ref);
  if (root.refs[key] !== undefined) return;
  self.opts.inlineRefs = true;
  const found = (resolveRef as (this: Ajv, ...args: unknown[]) => unknown).call(self, root, baseId, $ref);
  if (found !== null && typeof found === "object" && !(found instanceof SchemaEnv) && !targets.has(found))
    delete root.refs[key];
}
