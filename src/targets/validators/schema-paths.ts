import type { Ajv } from "ajv";
import { joinPointer, pointerToFragment } from "../../core/json-pointer.js";

/** What charter reads of ajv's compiled schema environments (not in ajv's public types). */
interface CompiledSchema {
  schema: unknown;
  validateName?: { str: string };
  refs?: Record<string, unknown>;
}

/**
 * ajv reports an error's `schemaPath` relative to the schema compiled into
 * the function that found it: the contract, an exported definition, or a
 * referenced schema (with `inlineRefs: false`, every `$ref` target is a
 * function of its own, so `#/type` may mean `#/$defs/relativePath/type`).
 * This rewrites the paths in each generated function to start at the root of
 * the bundle, so a violation names one place in `schemas/<name>.schema.json`
 * (for a `false` subschema, the subschema itself, not ajv's `.../false schema`).
 */
export function bundleSchemaPaths(code: string, ajv: Ajv, exportRefs: readonly string[], bundle: unknown): { code: string; functions: number } {
  const prefixes = functionPointers(ajv, exportRefs, bundle);
  let functions = 0;
  // Top-level functions start at the beginning of a line in ajv's output (`code.lines`).
  const rewritten = code.replace(/^function (validate\d+)\([\s\S]*?(?=^function validate\d+\(|(?![\s\S]))/gm, (body: string, name: string) => {
    const pointer = prefixes.get(name);
    if (pointer === undefined || pointer === "") return body;
    functions++;
    const fragment = pointerToFragment(pointer);
    return body.replace(/schemaPath:"#/g, `schemaPath:"#${fragment}`);
  });
  // ajv names the place of a `false` subschema `<its pointer>/false schema`; the schema itself
  // is the place, and only a pointer to it can be followed into the bundle.
  return { code: rewritten.replace(/(schemaPath:"#[^"]*)\/false schema"/g, '$1"'), functions };
}

/** Each compiled function's schema, as a pointer from the root of the bundle. */
function functionPointers(ajv: Ajv, exportRefs: readonly string[], bundle: unknown): Map<string, string> {
  const pointerOf = new Map<unknown, string>();
  const index = (value: unknown, pointer: string) => {
    if (value === null || typeof value !== "object" || pointerOf.has(value)) return;
    pointerOf.set(value, pointer);
    if (Array.isArray(value)) value.forEach((item, i) => index(item, joinPointer(pointer, i)));
    else for (const [key, item] of Object.entries(value)) index(item, joinPointer(pointer, key));
  };
  index(bundle, "");
  const result = new Map<string, string>();
  const seen = new Set<unknown>();
  const visit = (env: CompiledSchema | undefined) => {
    if (!env || seen.has(env)) return;
    seen.add(env);
    const pointer = pointerOf.get(env.schema);
    if (env.validateName && pointer !== undefined) result.set(env.validateName.str, pointer);
    for (const ref of Object.values(env.refs ?? {})) visit(((ref as { schemaEnv?: CompiledSchema }).schemaEnv ?? ref) as CompiledSchema);
  };
  for (const ref of exportRefs) visit((ajv.getSchema(ref) as unknown as { schemaEnv?: CompiledSchema } | undefined)?.schemaEnv);
  return result;
}
