import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { compile, type CompileOptions } from "../../src/pipeline/compile.js";
import { tempTree } from "./temp-tree.js";

const NODE_MODULES = fileURLToPath(new URL("../../node_modules", import.meta.url));

/**
 * Generates `files` (sources under `src/`) and writes the output tree to `out/`
 * of a temp dir, beside a link to this repository's node_modules, so that
 * Node can import the generated modules as a client would.
 */
export async function generateImportable(files: Record<string, string>, options: Partial<CompileOptions> = {}) {
  const dir = tempTree(files);
  symlinkSync(NODE_MODULES, path.join(dir, "node_modules"));
  const outDir = path.join(dir, "out");
  const result = await compile({
    sourceDir: path.join(dir, "src"),
    outDir,
    baseUri: "https://v.test/",
    catalog: [],
    typeCheck: false,
    ...options,
  });
  for (const [file, content] of result.files) {
    const target = path.join(outDir, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
  const load = (relative: string) =>
    import(pathToFileURL(path.join(outDir, relative)).href) as Promise<
      Record<string, ((data: unknown) => boolean) & { errors?: unknown[] | null }>
    >;
  return { result, load, dir, outDir };
}
