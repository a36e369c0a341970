import { EXPORT_LINE } from "./ajv-code-patterns.js";

/**
 * ajv's standalone code declares its schemas, formats and functions at the
 * top level, which in an ES module are module bindings: V8 checks each access
 * for the temporal dead zone, and a small hot validator pays for it (yamllint
 * ran at 0.92 of `ajv.compile`'s speed as a module, 1.00 in a function
 * scope; docs/decisions/003-validators.md). The code after the imports runs
 * inside one function whose result holds the exports, as `ajv.compile`'s
 * code does.
 */
export function scopeInFunction(lines: readonly string[]): string {
  const head: string[] = [];
  let i = 0;
  // The imports and their bindings (esm-imports.ts) stay at the top of the module.
  while (i < lines.length && (lines[i]!.startsWith("import ") || /^const __charterRequire\d+ = /.test(lines[i]!)))
    head.push(lines[i++]!);
  const exports: [string, string][] = [];
  const out = [...head, "const __charterExports = (() => {"];
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    const exported = line.startsWith("export const ") ? EXPORT_LINE.exec(line) : null;
    if (exported) exports.push([exported[1]!, exported[2]!]);
    else out.push(line);
  }
  out.push(
    `return { ${exports.map(([name, local]) => `${name}: ${local}`).join(", ")} };`,
    "})();",
    ...exports.map(([name]) => `export const ${name} = __charterExports.${name};`),
    "",
  );
  return out.join("\n");
}
