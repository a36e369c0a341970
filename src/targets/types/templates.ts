import { readFileSync } from "node:fs";
import type { Options as PrettierOptions } from "prettier";

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
// Imported on first use: a run whose types all come from the cache or another thread never loads prettier.
let prettier: Promise<typeof import("prettier")> | undefined;

/**
 * Generated TypeScript, formatted by prettier with the pinned options. Their parser is prettier's
 * `babel-ts`: the same formatting as its `typescript` parser on every module of the SchemaStore
 * corpus, in about three quarters of the time (prettier was a fifth of the main thread's work
 * there). What babel-ts refuses, the typescript parser still gets.
 */
export async function formatTypeScript(text: string): Promise<string> {
  pinned ??= prettierOptions();
  const { format } = await (prettier ??= import("prettier"));
  try {
    return await format(text, pinned);
  } catch {
    return await format(text, { ...pinned, parser: "typescript" });
  }
}

/** The header every generated module starts with. */
export function typesHeader(values: { source: string; digest: string }): string {
  return readFileSync(new URL("types-header.txt", TEMPLATES), "utf8")
    .replace("{{source}}", values.source)
    .replace("{{digest}}", values.digest);
}
