import type { Ajv } from "ajv";
import { fragmentToPointer, joinPointer, pointerToFragment } from "../../core/json-pointer.js";
import { isPointer, originOf } from "./validation-form/origins.js";
import { ajvFunctions } from "./ajv-code-patterns.js";
import { INLINED_MARK } from "./inline-ref-keyword.js";

/** What charter reads of ajv's compiled schema environments (not in ajv's public types). */
interface CompiledSchema {
  schema: unknown;
  baseId?: string;
  root?: { schema: unknown; baseId?: string };
  validateName?: { str: string };
  refs?: Record<string, unknown>;
}

/**
 * ajv reports an error's `schemaPath` relative to the schema compiled into
 * the function that found it: the contract, an exported definition, or a
 * referenced schema (with `inlineRefs: false`, a `$ref` target is a function
 * of its own, so `#/type` may mean `#/$defs/relativePath/type`).
 * This rewrites the paths in each generated function to start at the root of
 * the bundle, so a violation names one place in `schemas/<name>.schema.json`
 * (for a `false` subschema, the subschema itself, not ajv's `.../false schema`).
 * A target inlined at its uses (inline-refs.ts) reports paths that start at
 * the root already, behind INLINED_MARK, which only that mark is taken off.
 */
export function bundleSchemaPaths(
  code: string,
  ajv: Ajv,
  exportRefs: readonly string[],
  bundle: unknown,
  origins: ReadonlyMap<string, string> = new Map(),
): { code: string; functions: number } {
  const prefixes = functionPointers(ajv, exportRefs, bundle);
  let functions = 0;
  const rewritten = eachFunction(code, (body: string, name: string) => {
    const pointer = prefixes.get(name);
    if (pointer === undefined || pointer === "") return body;
    functions++;
    // A function of a schema outside the bundle (an official meta-schema): its paths name that document.
    if (!isPointer(pointer))
      return body.replace(/schemaPath:"#/g, `schemaPath:${JSON.stringify(pointer).slice(0, -1)}`);
    const fragment = pointerToFragment(pointer);
    return body.replace(/schemaPath:"#/g, `schemaPath:"#${fragment}`);
  });
  // An inlined reference's paths already start at the root (inline-ref-keyword.ts).
  const inlined = rewritten.replaceAll(`schemaPath:"${INLINED_MARK}#`, 'schemaPath:"#');
  // ajv names the place of a `false` subschema `<its pointer>/false schema`; the schema itself
  // is the place, and only a pointer to it can be followed into the bundle.
  const settled = inlined.replace(/(schemaPath:"[^"#]*#[^"]*)\/false schema"/g, '$1"');
  // A place the validation form added or copied is reported as the place of the bundle it stands for.
  if (origins.size === 0) return { code: settled, functions };
  const mapped = settled.replace(/schemaPath:"#([^"]*)"/g, (whole: string, fragment: string) => {
    const pointer = fragmentToPointer(fragment);
    if (pointer === undefined) return whole;
    const origin = originOf(origins, pointer);
    return isPointer(origin) ? `schemaPath:"#${pointerToFragment(origin)}"` : `schemaPath:${JSON.stringify(origin)}`;
  });
  return { code: mapped, functions };
}

/**
 * `code` with the text of each top-level function (from its header, at the
 * start of a line in ajv's output with `code.lines`, to the next one or the
 * end) replaced by what `rewrite` makes of it; the text before the first stays.
 */
export function eachFunction(code: string, rewrite: (body: string, name: string) => string): string {
  const functions = ajvFunctions(code);
  if (functions.length === 0) return code;
  const parts = [code.slice(0, functions[0]!.start)];
  for (const f of functions) parts.push(rewrite(code.slice(f.start, f.end), f.name));
  return parts.join("");
}

/**
 * Each compiled function's schema, as a pointer from the root of the bundle,
 * or, for a schema outside it (a meta-schema ajv knows), as `uri#fragment`.
 */
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
    const pointer = pointerOf.get(env.schema) ?? outsidePlace(env);
    if (env.validateName && pointer !== undefined) result.set(env.validateName.str, pointer);
    for (const ref of Object.values(env.refs ?? {}))
      visit(((ref as { schemaEnv?: CompiledSchema }).schemaEnv ?? ref) as CompiledSchema);
  };
  for (const ref of exportRefs)
    visit((ajv.getSchema(ref) as unknown as { schemaEnv?: CompiledSchema } | undefined)?.schemaEnv);
  return result;
}

/** `uri#pointer` of a function's schema in a document outside the bundle, found in the root ajv compiled it from. */
function outsidePlace(env: CompiledSchema): string | undefined {
  const root = env.root;
  if (!root || typeof root.baseId !== "string" || !/^[a-z][a-z0-9+.-]*:/i.test(root.baseId)) return undefined;
  const found = findPointer(root.schema, env.schema, "");
  return found === undefined ? undefined : `${root.baseId.replace(/#$/, "")}#${pointerToFragment(found)}`;
}

function findPointer(node: unknown, target: unknown, pointer: string): string | undefined {
  if (node === target) return pointer;
  if (node === null || typeof node !== "object") return undefined;
  const entries: [string | number, unknown][] = Array.isArray(node) ? node.map((v, i) => [i, v]) : Object.entries(node);
  for (const [key, value] of entries) {
    const found = findPointer(value, target, joinPointer(pointer, key));
    if (found !== undefined) return found;
  }
  return undefined;
}
