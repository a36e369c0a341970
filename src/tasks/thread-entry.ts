import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

/**
 * What a worker thread is started from to run `entry`: the module itself once charter is
 * compiled to JavaScript; when it runs from its TypeScript sources (tsx, vitest), a small module
 * that installs tsx's loader in the worker first, since a worker does not inherit the loader of
 * the thread that started it.
 */
export function threadEntry(entry: URL): URL {
  if (!entry.pathname.endsWith(".ts")) return entry;
  const shim = `import { register } from ${JSON.stringify(resolveTsxApi())};\nregister();\nawait import(${JSON.stringify(entry.href)});\n`;
  return new URL(`data:text/javascript,${encodeURIComponent(shim)}`);
}

function resolveTsxApi(): string {
  try {
    return import.meta.resolve("tsx/esm/api");
  } catch {
    // A runner that rewrites import.meta (vitest) may not provide resolve.
    return pathToFileURL(createRequire(import.meta.url).resolve("tsx/esm/api")).href;
  }
}
