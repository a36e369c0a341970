/**
 * The SchemaStore corpus compiled with the python target on, written to a folder: each
 * contract's committed-style validator module (validators/), its bundled schema and the
 * Python package, with `charter-runtime` linked beside them so that the validators import.
 * `only` compiles just those schemas (copied to a scratch folder; the catalog still maps the
 * whole corpus), as scripts/bench-precision does for quick trials.
 */
import { copyFileSync, existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compile } from "../../src/pipeline/compile.js";
import { SCHEMASTORE, SCHEMASTORE_OPTIONS } from "../schemastore-corpus.js";

export const CORPUS_PACKAGE = "schemastore_contracts";
const RUNTIME = fileURLToPath(new URL("../../packages/runtime/", import.meta.url));

export interface CorpusTree {
  /** The output folder: validators/, schemas/, manifest.json and `<package>/`. */
  dir: string;
  produced: string[];
  failed: string[];
  compileMs: number;
}

/** Whether the corpus is beside this repository (`../shared/corpora/schemastore`). */
export function corpusPresent(): boolean {
  return existsSync(SCHEMASTORE);
}

export async function corpusTree(workdir: string, only?: readonly string[]): Promise<CorpusTree> {
  let sourceDir = SCHEMASTORE;
  if (only !== undefined) {
    sourceDir = path.join(workdir, "sources");
    rmSync(sourceDir, { recursive: true, force: true });
    mkdirSync(sourceDir, { recursive: true });
    for (const name of only) copyFileSync(path.join(SCHEMASTORE, `${name}.json`), path.join(sourceDir, `${name}.json`));
  }
  const dir = path.join(workdir, "out");
  rmSync(dir, { recursive: true, force: true });
  const started = performance.now();
  const result = await compile({
    ...SCHEMASTORE_OPTIONS,
    sourceDir,
    outDir: dir,
    typeCheck: false,
    python: { package: CORPUS_PACKAGE },
  });
  const compileMs = performance.now() - started;
  writeJudgedTree(result.files, dir, CORPUS_PACKAGE);
  return { dir, produced: result.produced, failed: result.failed, compileMs };
}

/**
 * What the verdicts read of a compiled tree, written to `dir` (the types and the docs stay in
 * memory): validators/, schemas/, manifest.json and the Python package, with `charter-runtime`
 * linked so that the validators import.
 */
export function writeJudgedTree(files: ReadonlyMap<string, string>, dir: string, pkg: string): void {
  for (const [file, content] of files) {
    if (!/^(validators\/|schemas\/|manifest\.json$)/.test(file) && !file.startsWith(`${pkg}/`)) continue;
    const target = path.join(dir, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
  mkdirSync(path.join(dir, "node_modules"), { recursive: true });
  symlinkSync(RUNTIME, path.join(dir, "node_modules", "charter-runtime"), "dir");
}
