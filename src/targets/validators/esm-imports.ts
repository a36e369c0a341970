/**
 * Repair of the validators target: ajv's standalone code, even with
 * `code.esm`, still calls `require(...)` for its runtime helpers and for
 * ajv-formats' format functions (ajv issues #1976 and #2209, ajv-formats #68),
 * so the module cannot load as an ES module under Node without a bundler.
 * Each distinct `require("m")` becomes one namespace `import` of `m.js` (the
 * file itself: these packages have no export maps) and a binding to what the
 * `require` call returned, `module.exports`: Node puts it on the namespace's
 * `default` (marked `__esModule` by these TypeScript-built packages), while
 * bundlers and vitest, following Babel, spread it over the namespace itself;
 * the binding takes whichever is there. A test runs ajv unrepaired and shows
 * the `require` calls are still there.
 */
export function replaceRequires(code: string): { code: string; replaced: number } {
  const bindings = new Map<string, string>();
  const body = code.replace(/require\("([^"]+)"\)/g, (_, specifier: string) => {
    let binding = bindings.get(specifier);
    if (binding === undefined) {
      binding = `__charterRequire${bindings.size}`;
      bindings.set(specifier, binding);
    }
    return binding;
  });
  const imports = [...bindings].flatMap(([specifier, binding]) => [
    `import * as ${binding}Namespace from "${specifier.endsWith(".js") ? specifier : `${specifier}.js`}";`,
    `const ${binding} = ${binding}Namespace.default && ${binding}Namespace.default.__esModule ? ${binding}Namespace.default : ${binding}Namespace;`,
  ]);
  // Modules are strict already; the directive ajv writes would have to come before the imports.
  const stripped = body.replace(/^"use strict";\s*/, "");
  return { code: (imports.length > 0 ? imports.join("\n") + "\n" : "") + stripped, replaced: bindings.size };
}
