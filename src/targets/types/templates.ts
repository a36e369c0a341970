import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Options as PrettierOptions, Plugin } from "prettier";
import { requireOnFirstUse } from "../../core/require-on-first-use.js";
import { loadCompiledCode } from "../../tasks/compiled-code.js";

// templates/ sits at the package root, one level above both src/ and dist/.
const TEMPLATES = new URL("../../../templates/", import.meta.url);

/** The prettier configuration pinned in this repository: output never depends on a user's .prettierrc. */
export function prettierOptions(): PrettierOptions {
  return {
    ...(JSON.parse(readFileSync(new URL("prettier.json", TEMPLATES), "utf8")) as PrettierOptions),
    // A `.ts` name tells prettier's parser the text is TypeScript without JSX. Without one it tests
    // each module with a regular expression for JSX first (1.3 s of the SchemaStore corpus's run).
    // format() reads no file by it.
    filepath: "generated.ts",
  };
}

let pinned: PrettierOptions | undefined;

/**
 * Prettier's standalone build and the plugins of its `babel-ts` parser, required on first use (a
 * run whose types all come from the cache or another thread never loads prettier): the same
 * printer as its Node entry, in CommonJS files that V8's code cache can hold (src/tasks/code-cache.ts),
 * where the Node entry's ES modules are compiled afresh by every process.
 */
const standalonePackage = requireOnFirstUse<typeof import("prettier/standalone")>(
  import.meta.url,
  "prettier/standalone",
);
let compiled = false;
/** The printer, its first load with its plugins' from V8's compiled code when the thread has a folder of it. */
const standalone = () => {
  if (!compiled) {
    compiled = true;
    loadCompiledCode(prettierFiles);
  }
  return standalonePackage();
};
const babel = requireOnFirstUse<Plugin>(import.meta.url, "prettier/plugins/babel");
const estree = requireOnFirstUse<Plugin>(import.meta.url, "prettier/plugins/estree");
const typescriptParser = requireOnFirstUse<Plugin>(import.meta.url, "prettier/plugins/typescript");

/** The files `formatTypeScript` requires first, for V8's code cache: the printer, then its plugins. */
export function prettierFiles(): string[] {
  const require = createRequire(import.meta.url);
  return ["prettier/standalone", "prettier/plugins/babel", "prettier/plugins/estree"].map((id) => require.resolve(id));
}

/**
 * Generated TypeScript, formatted by prettier with the pinned options. Their parser is prettier's
 * `babel-ts`: the same formatting as its `typescript` parser on every module of the SchemaStore
 * corpus, in about three quarters of the time (prettier was a fifth of the main thread's work
 * there). What babel-ts refuses, the typescript parser still gets.
 */
export async function formatTypeScript(text: string): Promise<string> {
  pinned ??= prettierOptions();
  const { format } = standalone();
  try {
    return await format(text, { ...pinned, plugins: [babel(), estree()] });
  } catch {
    return await format(text, { ...pinned, parser: "typescript", plugins: [typescriptParser(), estree()] });
  }
}

/** The header every generated module starts with. */
export function typesHeader(values: { source: string; digest: string }): string {
  return readFileSync(new URL("types-header.txt", TEMPLATES), "utf8")
    .replace("{{source}}", values.source)
    .replace("{{digest}}", values.digest);
}
