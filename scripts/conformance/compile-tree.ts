/**
 * One charter compile of several test groups: the sources written as a source
 * tree, the real pipeline run over it, the output tree written beside it, and
 * its validators bound through charter's runtime, as a client would.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { DEFAULT_VALIDATION } from "../../src/settings/validation.js";
import { compile } from "../../src/pipeline/compile.js";
import type { Diagnostic } from "../../src/core/diagnostic.js";
import { MANIFEST_PATH, type Manifest } from "../../src/targets/manifest/emit-manifest.js";
import { bindContracts, type Registry, type Runtime } from "charter-runtime";
import { describeError } from "./outcome.js";
import { contractName, sourcePath, yamlSource } from "./sources.js";
import { REMOTES_URI, type SuiteGroup } from "./suite.js";

export interface TreeOptions {
  remotesDir: string;
  /** Compile the generated types under strict flags (charter's default), or only emit them. */
  typeCheck: boolean;
}

export type TreeResult =
  | {
      kind: "compiled";
      runtime: Runtime<Registry>;
      /** Other groups of the tree whose sources this one embeds: its verdicts would not be its own. */
      borrowed: string[];
      /** Errors placed in its source that did not stop its validators (its types, mostly), and whether it got types. */
      errors: string[];
      types: boolean;
    }
  | { kind: "refused"; diagnostics: string[] }
  | { kind: "crashed"; stack: string };

export interface Tree {
  results: Map<SuiteGroup, TreeResult>;
  /** Groups whose YAML charter reads back as another value than the suite's schema. */
  misread: SuiteGroup[];
  /** Milliseconds in compile(). */
  compileMs: number;
}

/** Compiles `groups` in `dir` (fresh), which must lie under a folder that links to node_modules. */
export async function compileTree(groups: readonly SuiteGroup[], dir: string, options: TreeOptions): Promise<Tree> {
  const sourceDir = path.join(dir, "src");
  const outDir = path.join(dir, "out");
  const misread: SuiteGroup[] = [];
  for (const group of groups) {
    const source = yamlSource(group);
    if (!source.readsBack) misread.push(group);
    writeFile(path.join(sourceDir, sourcePath(group)), source.text);
  }

  const started = performance.now();
  let result: Awaited<ReturnType<typeof compile>>;
  try {
    result = await compile({
      sourceDir,
      outDir,
      baseUri: "https://conformance.invalid/",
      catalog: [{ prefix: REMOTES_URI, dir: options.remotesDir }],
      // Qualified names: groups of one file often define the same `$defs` keys, which short names would make clash (CH601).
      typeNaming: "qualified",
      typeCheck: options.typeCheck,
      // optional/format is written for implementations that assert formats; the required tests expect the dialect's default.
      validation: {
        defaults: DEFAULT_VALIDATION.defaults,
        contracts: new Map([["optional/format/", { formats: "assert" }]]),
      },
    });
  } catch (error) {
    const stack = describeError(error);
    return {
      results: new Map(groups.map((g) => [g, { kind: "crashed", stack }])),
      misread,
      compileMs: performance.now() - started,
    };
  }
  const compileMs = performance.now() - started;
  for (const [file, content] of result.files) writeFile(path.join(outDir, file), content);

  const manifest = JSON.parse(result.files.get(MANIFEST_PATH)!) as Manifest;
  const contracts = new Map(manifest.contracts.map((c) => [c.name, c]));
  const names = new Set(groups.map(contractName));
  const withValidators = manifest.contracts.some((c) => c.artifacts["validator"] !== undefined);
  const registry = withValidators
    ? ((await import(pathToFileURL(path.join(outDir, "validators/index.js")).href)) as { registry: Registry }).registry
    : {};
  const runtime = bindContracts(registry, { skipRules: true });

  const results = new Map<SuiteGroup, TreeResult>();
  for (const group of groups) {
    const name = contractName(group);
    const contract = contracts.get(name);
    const file = path.join(sourceDir, sourcePath(group));
    if (contract?.artifacts["validator"] !== undefined) {
      results.set(group, {
        kind: "compiled",
        runtime,
        borrowed: contract.embeds.filter((embedded) => embedded !== name && names.has(embedded)),
        errors: result.diagnostics.filter((d) => d.severity === "error" && d.file === file).map(describe),
        types: contract.artifacts["types"] !== undefined,
      });
    } else {
      results.set(group, { kind: "refused", diagnostics: refusalOf(file, sourceDir, result.diagnostics) });
    }
  }
  return { results, misread, compileMs };
}

/**
 * The errors placed in the group's source; when there are none there (a
 * catalog file that failed, a finding with no file), every error of the
 * compile that is placed in no source, so that no refusal goes unexplained.
 */
function refusalOf(file: string, sourceDir: string, diagnostics: readonly Diagnostic[]): string[] {
  const errors = diagnostics.filter((d) => d.severity === "error");
  const own = errors.filter((d) => d.file === file);
  const shown =
    own.length > 0 ? own : errors.filter((d) => d.file === undefined || !d.file.startsWith(sourceDir + path.sep));
  return shown.map(describe);
}

function describe(d: Diagnostic): string {
  return `${d.code} ${d.message}${d.pointer !== undefined ? ` (at ${d.pointer || "/"})` : ""}`;
}

function writeFile(file: string, content: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}
