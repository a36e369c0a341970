/**
 * A committed validator module as the classic script a docs page loads, without a bundler: the
 * validators target writes one shape only (src/targets/validators/function-scope.ts), a comment,
 * named imports of charter-runtime's shared modules, the code in one function scope, and one
 * `export const name = __charterExports.name;` line per export. Its imports become reads of the
 * modules `assets/runtime.js` puts on the page, its exports the contract's entry in
 * `CharterDocs.validators`. esbuild's WebAssembly build did the same in about 0.5 MB a second,
 * most of `charter docs` on a large set; this is string work. A module of any other shape gives
 * `undefined`, and is bundled by esbuild as before.
 */

/** The runtime modules `assets/runtime.js` exposes to validators (templates/docs-playground.js). */
const SHARED = new Set(["charter-runtime/helpers", "charter-runtime/formats", "charter-runtime/patterns"]);

const IMPORT = /^import \{ ([\w$, ]+) \} from "([^"]+)";$/;
const IMPORTED = /^([\w$]+)(?: as ([\w$]+))?$/;
const EXPORT = /^export const ([\w$]+) = __charterExports\.([\w$]+);$/;

export function validatorScript(module: string, contract: string): string | undefined {
  if (module.includes("import.meta")) return undefined;
  const lines = module.split("\n");
  const head: string[] = [];
  let i = 0;
  for (; i < lines.length && !lines[i]!.startsWith("const __charterExports = "); i++) {
    const line = lines[i]!;
    if (line.startsWith("//") || line === "") continue;
    const imported = IMPORT.exec(line);
    if (imported === null || !SHARED.has(imported[2]!)) return undefined;
    const bindings: string[] = [];
    for (const name of imported[1]!.split(", ")) {
      const parts = IMPORTED.exec(name);
      if (parts === null) return undefined;
      bindings.push(parts[2] === undefined ? parts[1]! : `${parts[1]!}: ${parts[2]}`);
    }
    head.push(`const { ${bindings.join(", ")} } = __charterModules[${JSON.stringify(imported[2])}];`);
  }
  const exports: string[] = [];
  const body: string[] = [];
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    const exported = EXPORT.exec(line);
    if (exported !== null && exported[1] === exported[2]) exports.push(exported[1]!);
    else if (line.startsWith("export ") || line.startsWith("import ")) return undefined;
    else if (exports.length > 0 && line !== "") return undefined;
    else body.push(line);
  }
  if (!exports.includes("validate") || body.length === 0) return undefined;
  return [
    "(function () {",
    '"use strict";',
    "var __charterModules = globalThis.CharterDocs.modules;",
    ...head,
    ...body,
    `globalThis.CharterDocs.validators[${JSON.stringify(contract)}] = { ${exports.map((name) => `${name}: __charterExports.${name}`).join(", ")} };`,
    "})();",
    "",
  ].join("\n");
}
