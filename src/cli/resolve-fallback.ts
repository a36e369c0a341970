import { register } from "node:module";

/**
 * Generated validators import charter-runtime by package name, resolved
 * from where the validators are: a project that uses them depends on it.
 * `charter validate` may read an output directory outside any such project
 * (a corpus generated to /tmp), so when the directory's own resolution fails
 * for that package, and only then, it resolves from charter's installation,
 * which depends on it.
 */
const HOOK = `
let fallbackParent;
export function initialize(data) { fallbackParent = data.fallbackParent; }
export async function resolve(specifier, context, next) {
  try {
    return await next(specifier, context);
  } catch (error) {
    const ours = /^charter-runtime(\\/|$)/.test(specifier);
    if (!ours || error?.code !== "ERR_MODULE_NOT_FOUND" || context.parentURL === fallbackParent) throw error;
    return next(specifier, { ...context, parentURL: fallbackParent });
  }
}
`;

let registered = false;

export function resolveValidatorDependenciesFromCharter(): void {
  if (registered) return;
  registered = true;
  register(`data:text/javascript,${encodeURIComponent(HOOK)}`, { data: { fallbackParent: import.meta.url } });
}
