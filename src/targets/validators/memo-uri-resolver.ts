import { createRequire } from "node:module";
import type { UriResolver } from "ajv/dist/types/index.js";

type Component = ReturnType<UriResolver["parse"]>;

// The resolver ajv uses unless told otherwise (fast-uri), as ajv itself requires it.
const fastUri = (createRequire(import.meta.url)("ajv/dist/runtime/uri") as { default: UriResolver }).default;

/**
 * ajv's own URI resolver, each answer kept for the instance's life. ajv resolves a reference
 * against its base every time it compiles it, and parses and serializes the same ids again
 * at each schema it enters: on SchemaStore's contracts, a twentieth of the validators'
 * compilation, nearly all of it asking what it asked before. Every answer is fast-uri's, so
 * the code is the same. Components are shared between callers: ajv only reads them, and
 * fast-uri's serialize copies its argument before it changes anything.
 */
export function memoUriResolver(): UriResolver {
  const resolved = new Map<string, string>();
  const parsed = new Map<string, Component>();
  const serialized = new WeakMap<Component, string>();
  return {
    resolve(base, path) {
      const key = `${base}\u0000${path}`;
      let uri = resolved.get(key);
      if (uri === undefined) resolved.set(key, (uri = fastUri.resolve(base, path)));
      return uri;
    },
    parse(uri) {
      let component = parsed.get(uri);
      if (component === undefined) parsed.set(uri, (component = fastUri.parse(uri)));
      return component;
    },
    serialize(component) {
      let uri = serialized.get(component);
      if (uri === undefined) serialized.set(component, (uri = fastUri.serialize(component)));
      return uri;
    },
  };
}
