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
  // Searched, not split into lines: the code is most of a module, and a large set's modules are
  // hundreds of megabytes, of which only the head and the export lines at the end are read.
  const code = module.startsWith(CODE) ? 0 : module.indexOf(`\n${CODE}`) + 1;
  if (code === 0 && !module.startsWith(CODE)) return undefined;
  const head = headOf(module.slice(0, code));
  const tail = tailOf(module, code);
  if (head === undefined || tail === undefined) return undefined;
  const body = module.slice(code, tail.start);
  if (body.includes("\nexport ") || body.includes("\nimport ")) return undefined;
  if (!tail.exports.includes("validate")) return undefined;
  return [
    "(function () {",
    '"use strict";',
    "var __charterModules = globalThis.CharterDocs.modules;",
    ...head,
    body + "\n".repeat(tail.emptyLines),
    `globalThis.CharterDocs.validators[${JSON.stringify(contract)}] = { ${tail.exports.map((name) => `${name}: __charterExports.${name}`).join(", ")} };`,
    "})();",
    "",
  ].join("\n");
}

/** Where the code's one function scope starts. */
const CODE = "const __charterExports = ";

/** The head's imports as reads of the page's modules; undefined where a line is anything else. */
function headOf(text: string): string[] | undefined {
  const reads: string[] = [];
  for (const line of text.split("\n")) {
    if (line.startsWith("//") || line === "") continue;
    const imported = IMPORT.exec(line);
    if (imported === null || !SHARED.has(imported[2]!)) return undefined;
    const bindings: string[] = [];
    for (const name of imported[1]!.split(", ")) {
      const parts = IMPORTED.exec(name);
      if (parts === null) return undefined;
      bindings.push(parts[2] === undefined ? parts[1]! : `${parts[1]!}: ${parts[2]}`);
    }
    reads.push(`const { ${bindings.join(", ")} } = __charterModules[${JSON.stringify(imported[2])}];`);
  }
  return reads;
}

/**
 * The export lines at the end, read backwards from the last line: where they start, the names
 * they export, and the empty lines among them (kept after the code). Undefined where none is.
 */
function tailOf(module: string, code: number): { start: number; exports: string[]; emptyLines: number } | undefined {
  const exports: string[] = [];
  let emptyLines = 0;
  let end = module.length;
  let start = end;
  while (end > code) {
    const lineStart = module.lastIndexOf("\n", end - 1) + 1;
    const line = module.slice(Math.max(lineStart, code), end);
    const exported = EXPORT.exec(line);
    if (line === "") emptyLines++;
    else if (exported !== null && exported[1] === exported[2]) exports.unshift(exported[1]!);
    else break;
    start = lineStart;
    end = lineStart - 1;
  }
  // The line before the tail ends at `start - 1`: its newline joins the body to the tail.
  return exports.length === 0 ? undefined : { start: Math.max(code, start - 1), exports, emptyLines };
}
