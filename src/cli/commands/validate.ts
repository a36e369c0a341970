import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { errorAt, warningAt, type Diagnostic } from "../../core/diagnostic.js";
import { didYouMean } from "../../core/suggest.js";
import { bindContracts, type Registry } from "charter-runtime";
import { usePatternEngine, type PatternEngine } from "charter-runtime/patterns";
import { linearPattern } from "charter-runtime/re2js";
import { DEFAULT_MAX_DATA_MIB, type ParsedArgs } from "../args.js";
import { CLI_CODES, DATA_CODES } from "../codes.js";
import type { Settings } from "../config.js";
import { EXIT_FINDINGS, EXIT_NOT_JUDGED, EXIT_OK, EXIT_USAGE, type CliIo } from "../io.js";
import { displayPath, formatDiagnostic } from "../print.js";
import { resolveValidatorDependenciesFromCharter } from "../resolve-fallback.js";
import { validateFiles } from "./validate-files.js";
import { reportJson, reportText, violationLimit, type Report } from "./validate-report.js";

/**
 * `charter validate CONTRACT FILE...`: checks data files with the generated
 * validators of the output directory, through the runtime, as an application
 * would; nothing compiles a schema. Violations are located in the data file.
 */
export async function runValidate(args: ParsedArgs, settings: Settings, io: CliIo): Promise<number> {
  const [contract, ...files] = args.operands as [string, ...string[]];
  const out = displayPath(settings.outDir, io.cwd);
  const registryFile = path.join(settings.outDir, "validators", "index.js");
  if (!existsSync(registryFile)) {
    return usage(
      io,
      args,
      errorAt(
        CLI_CODES.noValidators,
        `no generated validators in ${out} (no validators/index.js); run \`charter generate\` or pass --out`,
        {},
      ),
    );
  }
  const { registry, runtime, leftToRegExp } = await bindTree(registryFile, args);
  if (!Object.prototype.hasOwnProperty.call(registry, contract)) {
    return usage(
      io,
      args,
      errorAt(
        CLI_CODES.noValidators,
        `${out} has no contract "${contract}"${didYouMean(contract, runtime.contracts())}${didYouMean(contract, runtime.contracts()) ? " It" : "; it"} has ${runtime.contracts().join(", ")}`,
        {},
      ),
    );
  }
  const checker = await runtime.load(contract);
  const rules = Object.keys(runtime.rulesOf(contract));
  const notes = validationNotes(contract, rules, leftToRegExp);
  const { results, texts } = await validateFiles(
    files,
    checker,
    io,
    (args.maxSizeMiB ?? DEFAULT_MAX_DATA_MIB) * 1024 * 1024,
  );
  const ok = results.every((r) => r.ok);
  // A file found invalid decides the exit code; files that could only not be judged have their own.
  const exit = ok ? EXIT_OK : results.some((r) => !r.ok && r.judged) ? EXIT_FINDINGS : EXIT_NOT_JUDGED;
  const report: Report = { contract, digest: runtime.digestOf(contract), out, ok, rules, notes, results };
  if (args.format === "json") reportJson(report, args, io);
  else reportText(report, texts, args, io);
  return exit;
}

/**
 * The tree's registry, bound without its rules (only the application can run them), its
 * validators' patterns built by the engine `--patterns` names. `leftToRegExp` fills as
 * validator modules load: the patterns the linear engine could not run.
 */
export async function bindTree(registryFile: string, args: ParsedArgs) {
  resolveValidatorDependenciesFromCharter();
  // Before any validator module loads: its patterns are built as it loads. The linear engine gives
  // back a RegExp for a pattern it cannot run: those are listed for a warning.
  const leftToRegExp = new Set<string>();
  const linear: PatternEngine = (source, flags) => {
    const built = linearPattern(source, flags);
    if (built instanceof RegExp) leftToRegExp.add(source);
    return built;
  };
  await installPatternEngine(registryFile, args.patterns === "native" ? undefined : linear);
  const { registry } = (await import(pathToFileURL(registryFile).href)) as { registry: Registry };
  const runtime = bindContracts(registry, {
    skipRules: true,
    // The validator stops collecting well past where the report stops printing, so that the count of
    // those left out is exact up to COUNTED_VIOLATIONS, and a million violations cost ten thousand.
    maxErrors: Math.max(violationLimit(args), COUNTED_VIOLATIONS),
    ...(args.maxDepth !== undefined ? { maxDepth: args.maxDepth } : {}),
  });
  return { registry, runtime, leftToRegExp };
}

/** How many violations of a file the validator collects at least, to count those the report leaves out. */
const COUNTED_VIOLATIONS = 10_000;

/** Warnings about the run as a whole: rules left unchecked, patterns left to RegExp. */
export function validationNotes(
  contract: string,
  rules: readonly string[],
  leftToRegExp: ReadonlySet<string>,
): Diagnostic[] {
  const notes: Diagnostic[] =
    rules.length > 0
      ? [
          warningAt(
            DATA_CODES.rulesNotChecked,
            `${contract} declares rules that only the application can run (${rules.join(", ")}); checked the schema only`,
            {},
          ),
        ]
      : [];
  if (leftToRegExp.size > 0) {
    const listed = [...leftToRegExp].map((source) => JSON.stringify(source)).join(", ");
    notes.push(
      warningAt(
        DATA_CODES.patternsLeftToRegExp,
        `${leftToRegExp.size === 1 ? "pattern" : "patterns"} ${listed} cannot run in the linear engine; checked with JavaScript's RegExp, which backtracks`,
        {},
      ),
    );
  }
  return notes;
}

/**
 * Makes `engine` (undefined: RegExp) the one the tree's validators build their
 * patterns with. The tree imports charter-runtime from where it lies, which
 * may be the project's own copy rather than the one this CLI loaded: both get it.
 */
async function installPatternEngine(registryFile: string, engine: PatternEngine | undefined): Promise<void> {
  usePatternEngine(engine);
  let treeCopy: string | undefined;
  try {
    const manifestFile = createRequire(registryFile).resolve("charter-runtime/package.json");
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as {
      exports?: Record<string, { import?: { default?: string } } | string>;
    };
    const entry = manifest.exports?.["./patterns"];
    const target = typeof entry === "object" ? entry.import?.default : undefined;
    if (target !== undefined) treeCopy = pathToFileURL(path.join(path.dirname(manifestFile), target)).href;
  } catch {
    // The tree resolves no runtime of its own: it gets this CLI's (resolve-fallback), set above.
  }
  if (treeCopy !== undefined)
    ((await import(treeCopy)) as { usePatternEngine(next: PatternEngine | undefined): void }).usePatternEngine(engine);
}

function usage(io: CliIo, args: ParsedArgs, diagnostic: Diagnostic): number {
  if (args.format === "json")
    io.stdout(JSON.stringify({ command: "validate", ok: false, diagnostics: [diagnostic] }, null, 2) + "\n");
  else io.stderr(formatDiagnostic(diagnostic, io.cwd, args.format) + "\n");
  return EXIT_USAGE;
}
