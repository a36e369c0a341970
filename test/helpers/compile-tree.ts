import path from "node:path";
import { compile, type CompileOptions, type CompileResult } from "../../src/pipeline/compile.js";
import type { CatalogMapping } from "../../src/compiler/resolve/catalog-file.js";
import { tempTree } from "./temp-tree.js";

export const BASE = "https://contracts.example.test/";

export interface CompiledTree extends CompileResult {
  dir: string;
  /** Parsed bundle of a contract, by name. */
  schema(name: string): Record<string, unknown>;
}

/** Compiles `files` (under `src/` of a temp dir) in memory. */
export async function compileTree(
  files: Record<string, string>,
  options: { catalog?: (dir: string) => CatalogMapping[]; compile?: Partial<CompileOptions> } = {},
): Promise<CompiledTree> {
  const dir = tempTree(files);
  const result = await compile({
    sourceDir: path.join(dir, "src"),
    outDir: path.join(dir, "out"),
    baseUri: BASE,
    catalog: options.catalog?.(dir) ?? [],
    // Bundling tests; the types' own tests and the CLI tests type-check.
    typeCheck: false,
    ...options.compile,
  });
  return {
    ...result,
    dir,
    schema(name) {
      const text = result.files.get(`schemas/${name}.schema.json`);
      if (text === undefined)
        throw new Error(`no bundle for ${name}; diagnostics: ${JSON.stringify(result.diagnostics)}`);
      return JSON.parse(text) as Record<string, unknown>;
    },
  };
}
