import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { errorAt, type Diagnostic } from "../../core/diagnostic.js";
import { compile } from "../../pipeline/compile.js";
import { SOURCE_SCHEME } from "../../schema/uri.js";
import type { ValidationSettings } from "../../settings/validation.js";
import { DEFAULT_MAX_DATA_MIB, type ParsedArgs } from "../args.js";
import { DATA_CODES } from "../codes.js";
import { DEFAULT_CONFIG_FILE, type Settings } from "../config.js";
import { EXIT_FINDINGS, EXIT_NOT_JUDGED, EXIT_OK, EXIT_USAGE, type CliIo } from "../io.js";
import { displayPath, formatDiagnostic, relativeDiagnostic } from "../print.js";
import { bindTree, validationNotes } from "./validate.js";
import { validateFiles } from "./validate-files.js";
import { reportJson, reportText, type Report } from "./validate-report.js";

/**
 * What an ad-hoc schema means without a config file: what ajv-cli users expect, formats
 * asserted and assertions beside `$ref` applied as ajv does; unknown formats and strict-mode
 * findings are warnings, and examples the schema rejects only warn (the data is what is judged).
 */
export const AD_HOC_VALIDATION: ValidationSettings = {
  defaults: {
    unknownFormats: "ignore",
    strictness: "lenient",
    formats: "assert",
    examples: "warning",
    refSiblings: "apply",
    patterns: "native",
    keywords: [],
  },
  contracts: new Map(),
};

/**
 * `charter validate --schema SCHEMA FILE...`: compiles SCHEMA through the pipeline, as the one
 * source of a scratch source folder whose references to other files resolve in SCHEMA's own
 * folder, then checks each file with the validator it made, reported as the contract route does.
 */
export async function runValidateSchema(args: ParsedArgs, settings: Settings, io: CliIo): Promise<number> {
  const schemaFile = path.resolve(io.cwd, args.schema!);
  if (!existsSync(schemaFile)) {
    const missing = errorAt(DATA_CODES.unreadable, "cannot read the schema (ENOENT)", { file: schemaFile });
    return printDiagnostics([missing], args, io, EXIT_USAGE);
  }
  const scratch = await mkdtemp(path.join(os.tmpdir(), "charter-schema-"));
  try {
    const contract = contractName(schemaFile);
    // A project's config says how its schemas are read and validated; without one, ajv-cli's expectations.
    const hasConfig = existsSync(path.resolve(io.cwd, args.config ?? DEFAULT_CONFIG_FILE));
    const validation = hasConfig ? settings.validation : AD_HOC_VALIDATION;
    const compiled = await compileAdHoc(schemaFile, contract, scratch, settings, validation);
    if (compiled.diagnostics.some((d) => d.severity === "error") || !compiled.produced)
      return printDiagnostics(compiled.diagnostics, args, io, EXIT_FINDINGS);
    const registryFile = path.join(scratch, "out", "validators", "index.js");
    const { runtime, leftToRegExp } = await bindTree(registryFile, args);
    const checker = await runtime.load(contract);
    const rules = Object.keys(runtime.rulesOf(contract));
    const notes = [...compiled.diagnostics, ...validationNotes(contract, rules, leftToRegExp)];
    const { results, texts } = await validateFiles(
      args.operands,
      checker,
      io,
      (args.maxSizeMiB ?? DEFAULT_MAX_DATA_MIB) * 1024 * 1024,
    );
    const ok = results.every((r) => r.ok);
    const exit = ok ? EXIT_OK : results.some((r) => !r.ok && r.judged) ? EXIT_FINDINGS : EXIT_NOT_JUDGED;
    const out = displayPath(schemaFile, io.cwd);
    const report: Report = { contract, digest: runtime.digestOf(contract), out, ok, rules, notes, results };
    if (args.format === "json") reportJson(report, args, io);
    else reportText(report, texts, args, io);
    return exit;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Compiles the schema alone, written as `<scratch>/src/<its name>`; a reference to a sibling
 * (`charter-source:/address.yaml`) is read from the schema's folder through a catalog entry.
 * Diagnostics name the schema file itself, never the scratch copy.
 */
async function compileAdHoc(
  schemaFile: string,
  contract: string,
  scratch: string,
  settings: Settings,
  validation: ValidationSettings,
) {
  const sourceDir = path.join(scratch, "src");
  const outDir = path.join(scratch, "out");
  await mkdir(sourceDir);
  const copy = path.join(sourceDir, path.basename(schemaFile));
  await copyFile(schemaFile, copy);
  const result = await compile({
    sourceDir,
    outDir,
    baseUri: settings.baseUri,
    catalog: [...settings.catalog, { prefix: `${SOURCE_SCHEME}/`, dir: path.dirname(schemaFile) }],
    resolution: settings.resolution,
    validation,
    typeCheck: false,
    jobs: 1,
  });
  const diagnostics = result.diagnostics.map((d) => (d.file === copy ? { ...d, file: schemaFile } : d));
  if (!result.produced.includes(contract)) return { diagnostics, produced: false };
  for (const [file, text] of result.files) {
    const target = path.join(outDir, file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, text);
  }
  await linkRuntime(scratch);
  return { diagnostics, produced: true };
}

/**
 * The validators import charter-runtime by name: the scratch folder gets the node_modules
 * charter itself resolves it from, so that they load this charter's runtime wherever the
 * temporary folder is, with or without the fallback hook (which a test runner may not honour).
 */
async function linkRuntime(scratch: string): Promise<void> {
  const folders = createRequire(import.meta.url).resolve.paths("charter-runtime") ?? [];
  const holding = folders.find((folder) => existsSync(path.join(folder, "charter-runtime", "package.json")));
  if (holding !== undefined) await symlink(holding, path.join(scratch, "node_modules"), "junction");
}

/** The contract a source of this name is: its file name without the extension. */
function contractName(schemaFile: string): string {
  const base = path.basename(schemaFile);
  return base.slice(0, base.length - path.extname(base).length);
}

function printDiagnostics(diagnostics: Diagnostic[], args: ParsedArgs, io: CliIo, exit: number): number {
  if (args.format === "json") {
    const shown = diagnostics.map((d) => relativeDiagnostic(d, io.cwd));
    io.stdout(JSON.stringify({ command: "validate", ok: false, diagnostics: shown }, null, 2) + "\n");
  } else for (const d of diagnostics) io.stderr(formatDiagnostic(d, io.cwd, args.format) + "\n");
  return exit;
}
