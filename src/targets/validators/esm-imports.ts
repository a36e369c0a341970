/**
 * Repair of the validators target: ajv's standalone code, even with
 * `code.esm`, still calls `require(...)` for its runtime helpers and for the
 * format checks (ajv issues #1976 and #2209, ajv-formats #68), and names
 * them in ajv's own package, which a client would then have to install (2.5
 * MB) and find from the generated folder (it cannot under a linked install).
 * Each `require` becomes a named import from charter's runtime package, the
 * one package generated code imports (docs/decisions/005-runtime-package.md):
 * named, so that a bundler keeps only the helpers and formats in use. A test
 * runs ajv unrepaired and shows the `require` calls are still there.
 */

/** The runtime package's modules that generated validators import. */
export const RUNTIME_HELPERS = "charter-runtime/helpers";
export const RUNTIME_FORMATS = "charter-runtime/formats";
export const RUNTIME_PATTERNS = "charter-runtime/patterns";
export const RUNTIME_LINEAR = "charter-runtime/re2js";

/** The code ajv is told builds each pattern (its `code.regExp.code`): the runtime's engine switch, or its linear engine. */
export const PATTERN_CODE = `require("${RUNTIME_PATTERNS}").pattern`;
export const LINEAR_PATTERN_CODE = `require("${RUNTIME_LINEAR}").linearPattern`;

/** What ajv writes for each helper, and the runtime module and export that replace it. */
const HELPERS: Record<string, [string, string]> = {
  'require("ajv/dist/runtime/ucs2length").default': [RUNTIME_HELPERS, "ucs2length"],
  'require("ajv/dist/runtime/equal").default': [RUNTIME_HELPERS, "deepEqual"],
  'require("ajv/dist/runtime/validation_error").default': [RUNTIME_HELPERS, "ValidationError"],
  [PATTERN_CODE]: [RUNTIME_PATTERNS, "pattern"],
  [LINEAR_PATTERN_CODE]: [RUNTIME_LINEAR, "linearPattern"],
};

/**
 * The code ajv is told names the formats object (its `code.formats`
 * option); ajv appends the format's name as a property, which becomes the
 * runtime's export of that format.
 */
export const FORMATS_CODE = `require("${RUNTIME_FORMATS}").formats`;

/** The runtime's export of a format: its name in camel case (`date-time` -> `dateTime`). */
export function formatExportName(format: string): string {
  return format.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

export interface EsmImports {
  code: string;
  /** `require` calls no runtime export stands for (the module cannot load; a defect of charter's). */
  unknown: string[];
}

export function replaceRequires(code: string): EsmImports {
  const fromModule = new Map<string, Set<string>>();
  const use = (module: string, name: string) => {
    let names = fromModule.get(module);
    if (!names) fromModule.set(module, (names = new Set()));
    names.add(name);
    return `__charter_${name}`;
  };
  const unknown: string[] = [];
  const escaped = FORMATS_CODE.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const formatReference = new RegExp(`${escaped}(?:\\.([A-Za-z_$][\\w$]*)|\\["([^"\\\\]+)"\\])?`, "g");
  const body = code
    .replace(formatReference, (_, dotted: string | undefined, quoted: string | undefined) => {
      const format = dotted ?? quoted;
      // The whole object: ajv-formats' formatMinimum keywords look formats up by name.
      return use(RUNTIME_FORMATS, format === undefined ? "formats" : formatExportName(format));
    })
    .replace(/require\("[^"]*"\)(?:\.\w+)?/g, (call) => {
      const helper = HELPERS[call];
      if (helper !== undefined) return use(...helper);
      unknown.push(call);
      return call;
    });
  const imports = [...fromModule]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(
      ([module, names]) =>
        `import { ${[...names]
          .sort()
          .map((name) => `${name} as __charter_${name}`)
          .join(", ")} } from "${module}";`,
    );
  // Modules are strict already; the directive ajv writes would have to come before the imports.
  const stripped = body.replace(/^"use strict";\s*/, "");
  return { code: (imports.length > 0 ? imports.join("\n") + "\n" : "") + stripped, unknown };
}
