import type { JsonValue } from "../../core/json-value.js";
import { MAX_SCOPE_COPIES, resolveDynamicScopes } from "./validation-form/dynamic-scopes.js";

/** What resolving a bundle's dynamic scopes reads, as plain data: it crosses to a worker thread and is the key of the cache. */
export interface ScopeLimitTask {
  id: string;
  schema: JsonValue;
}

/** Where the copies of subschemas ran out: a pointer of the bundle, or the URI of a schema outside it; nothing when they did not. */
export interface ScopeLimit {
  tooMany?: string;
}

/**
 * Whether the validation form of a bundle that reads dynamic scopes can be
 * made (validation-form/dynamic-scopes.ts): the form itself is made again
 * where the validators are compiled (compile-validator.ts), but a contract
 * whose scopes run out must be refused before any of its outputs are.
 */
export function checkScopeLimit(task: ScopeLimitTask): ScopeLimit {
  const scoped = resolveDynamicScopes(task.schema, task.id);
  return "tooMany" in scoped ? { tooMany: scoped.tooMany } : {};
}

/** The message of CH405 about `contract` (its name, or what names it where that is not known). */
export function tooManyScopesMessage(contract: string): string {
  return `the dynamic references of "${contract}" are read in more than ${MAX_SCOPE_COPIES} distinct dynamic scopes; charter copies a subschema per scope so that ajv sees plain $refs, and stops here rather than guess`;
}
