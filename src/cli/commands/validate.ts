import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { errorAt, warningAt, type Diagnostic } from "../../core/diagnostic.js";
import { bindContracts, type Registry, type Violation } from "charter-runtime";
import { usePatternEngine, type PatternEngine } from "charter-runtime/patterns";
import { linearPattern } from "charter-runtime/re2js";
import type { ParsedArgs } from "../args.js";
import { CLI_CODES, DATA_CODES } from "../codes.js";
import type { Settings } from "../config.js";
import { EXIT_FINDINGS, EXIT_NOT_JUDGED, EXIT_OK, EXIT_USAGE, type CliIo } from "../io.js";
import { displayPath, formatDiagnostic, relativeDiagnostic } from "../print.js";
import { resolveValidatorDependenciesFromCharter } from "../resolve-fallback.js";
import { validateFiles, type FileResult } from "./validate-files.js";

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
        `${out} has no contract "${contract}"; it has ${runtime.contracts().join(", ")}`,
        {},
      ),
    );
  }
  const checker = await runtime.load(contract);
  const rules = Object.keys(runtime.rulesOf(contract));
  const notes = validationNotes(contract, rules, leftToRegExp);
  const { results, texts } = await validateFiles(files, checker, io);
  const ok = results.every((r) => r.ok);
  // A file found invalid decides the exit code; files that could only not be judged have their own.
  const exit = ok ? EXIT_OK : results.some((r) => !r.ok && r.judged) ? EXIT_FINDINGS : EXIT_NOT_JUDGED;
  const report: Report = { contract, digest: runtime.digestOf(contract), out, ok, rules, notes, results };
  if (args.format === "json") reportJson(report, io);
  else reportText(report, texts, args, io);
  return exit;
}

/**
 * The tree's registry, bound without its rules (only the application can run them), its
 * validators' patterns built by the engine `--patterns` names. `leftToRegExp` fills as
 * validator modules load: the patterns the linear engine could not run.
 */
async function bindTree(registryFile: string, args: ParsedArgs) {
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
    ...(args.maxDepth !== undefined ? { maxDepth: args.maxDepth } : {}),
  });
  return { registry, runtime, leftToRegExp };
}

/** Warnings about the run as a whole: rules left unchecked, patterns left to RegExp. */
function validationNotes(contract: string, rules: readonly string[], leftToRegExp: ReadonlySet<string>): Diagnostic[] {
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

/** What the run found, for its report. */
interface Report {
  contract: string;
  digest: string;
  out: string;
  ok: boolean;
  rules: string[];
  notes: Diagnostic[];
  results: FileResult[];
}

function reportJson({ contract, digest, out, ok, rules, notes, results }: Report, io: CliIo): void {
  io.stdout(
    JSON.stringify(
      {
        command: "validate",
        ok,
        out,
        contract,
        digest,
        rulesNotChecked: rules,
        results: results.map((r) => ({
          ...r,
          file: displayPath(r.file, io.cwd),
          diagnostics: r.diagnostics.map((d) => relativeDiagnostic(d, io.cwd)),
        })),
        diagnostics: notes,
      },
      null,
      2,
    ) + "\n",
  );
}

/** Each finding, a violation with an excerpt of its line, then one line for the whole run. */
function reportText(
  { contract, digest, notes, results }: Report,
  texts: ReadonlyMap<string, string>,
  args: ParsedArgs,
  io: CliIo,
): void {
  for (const note of notes) io.stderr(formatDiagnostic(note, io.cwd, args.format) + "\n");
  for (const r of results) {
    for (const d of r.diagnostics) io.stdout(formatDiagnostic(d, io.cwd, args.format) + "\n");
    for (const e of withoutSummaries(r.errors)) {
      const at = errorAt(
        DATA_CODES.violation,
        `${e.pointer || "/"}: ${describe(e)} [${e.keyword} at ${e.schemaPath}]`,
        {
          file: r.file,
          ...(e.line !== undefined ? { position: { line: e.line, column: e.column ?? 1 } } : {}),
          pointer: e.pointer,
        },
      );
      io.stdout(formatDiagnostic(at, io.cwd, args.format) + "\n");
      // On a terminal's format, the line itself, with a caret under the place.
      if (args.format === "text" && e.line !== undefined) io.stdout(excerpt(texts.get(r.file), e.line, e.column ?? 1));
    }
  }
  const valid = results.filter((r) => r.ok).length;
  const notJudged = results.filter((r) => !r.judged).length;
  const undecided =
    notJudged > 0 ? `; ${notJudged} ${notJudged === 1 ? "file was" : "files were"} too deep to judge` : "";
  io.stdout(
    `charter validate: ${valid} of ${results.length} ${results.length === 1 ? "file satisfies" : "files satisfy"} ${contract} (${digest})${undecided}\n`,
  );
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

/**
 * Without ajv's `if` findings ("must match \"then\" schema") that only sum up a
 * finding from inside that `then` or `else`, which says what is wrong and where.
 * The JSON output keeps every finding.
 */
function withoutSummaries<E extends Violation>(errors: readonly E[]): E[] {
  return errors.filter((e) => {
    if (e.keyword !== "if" || !e.schemaPath.endsWith("/if")) return true;
    const branch = e.schemaPath.slice(0, -"/if".length);
    return !errors.some(
      (other) =>
        other !== e && (other.schemaPath.startsWith(`${branch}/then`) || other.schemaPath.startsWith(`${branch}/else`)),
    );
  });
}

/** How much of a long line an excerpt shows, around the caret: minified JSON is one line. */
const EXCERPT_WIDTH = 120;

/** `   4 | qty: 0` and a caret under the column; empty when the text or the line is not at hand. */
function excerpt(text: string | undefined, line: number, column: number): string {
  let source = text?.split(/\r?\n/)[line - 1];
  if (source === undefined) return "";
  let caret = column - 1;
  if (source.length > EXCERPT_WIDTH) {
    const start = Math.max(0, Math.min(caret - EXCERPT_WIDTH / 2, source.length - EXCERPT_WIDTH));
    const [before, after] = [start > 0 ? "…" : "", start + EXCERPT_WIDTH < source.length ? "…" : ""];
    source = before + source.slice(start, start + EXCERPT_WIDTH) + after;
    caret = caret - start + before.length;
  }
  const number = String(line).padStart(5);
  // Tabs keep their width in the caret line, so that it stays under the column.
  const pad = source.slice(0, caret).replace(/[^\t]/g, " ");
  return `${number} | ${source}\n${" ".repeat(number.length)} | ${pad}^\n`;
}

/** ajv's message, with what it leaves in params and a person needs: the property, the allowed values. */
function describe(v: Violation): string {
  const p = v.params;
  const named = p["additionalProperty"] ?? p["unevaluatedProperty"];
  if (typeof named === "string") return `${v.message}: ${JSON.stringify(named)}`;
  if (v.keyword === "enum" && Array.isArray(p["allowedValues"]))
    return `${v.message}: ${p["allowedValues"].map((x) => JSON.stringify(x)).join(", ")}`;
  if (v.keyword === "const" && "allowedValue" in p) return `${v.message}: ${JSON.stringify(p["allowedValue"])}`;
  // ajv's "boolean schema is false" where the schema forbids a member or item outright.
  if (v.keyword === "false schema") return "must not be present";
  return v.message;
}
