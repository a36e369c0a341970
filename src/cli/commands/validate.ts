import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { errorAt, warningAt, type Diagnostic, type SourcePosition } from "../../core/diagnostic.js";
import { joinPointer } from "../../core/json-pointer.js";
import { LOAD_CODES } from "../../compiler/load/codes.js";
import { decodeUtf8 } from "../../compiler/load/decode-utf8.js";
import { parseJsonSource } from "../../compiler/load/parse-json-source.js";
import { parseSource } from "../../compiler/load/parse-source.js";
import type { ParsedSource } from "../../core/parsed-source.js";
import { bindContracts, isTooDeep, type Registry, type Violation } from "charter-runtime";
import { usePatternEngine, type PatternEngine } from "charter-runtime/patterns";
import { linearPattern } from "charter-runtime/re2js";
import type { ParsedArgs } from "../args.js";
import { CLI_CODES, DATA_CODES } from "../codes.js";
import type { Settings } from "../config.js";
import { EXIT_FINDINGS, EXIT_NOT_JUDGED, EXIT_OK, EXIT_USAGE, type CliIo } from "../io.js";
import { displayPath, formatDiagnostic, relativeDiagnostic } from "../print.js";
import { resolveValidatorDependenciesFromCharter } from "../resolve-fallback.js";

interface FileResult {
  file: string;
  ok: boolean;
  /** False when the data was too deep to read or to validate: no verdict, which is not invalid. */
  judged: boolean;
  /** Violations of the contract, located in the file. */
  errors: (Violation & { line?: number; column?: number })[];
  /** Why the file could not be checked (unreadable, does not parse). */
  diagnostics: Diagnostic[];
}

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

  const results: FileResult[] = [];
  const texts = new Map<string, string>();
  for (const file of files) {
    // `-` is standard input, read as YAML (which JSON is), shown as <stdin>.
    const absolute = path.resolve(io.cwd, file === "-" ? STDIN : file);
    const loaded = await readData(absolute, file === "-" ? (io.stdin ?? noStdin) : undefined);
    if (loaded.text !== undefined) texts.set(absolute, loaded.text);
    if (!loaded.parsed) {
      const judged = !loaded.diagnostics.some((d) => d.code === LOAD_CODES.tooDeep.code);
      results.push({ file: absolute, ok: false, judged, errors: [], diagnostics: loaded.diagnostics });
      continue;
    }
    const result = checker.validate(loaded.parsed.value);
    const warnings = loaded.diagnostics.filter((d) => d.severity !== "error");
    if (!result.ok && isTooDeep(result.errors)) {
      const undecided = tooDeepDiagnostic(result.errors[0]!, absolute, loaded.parsed);
      results.push({ file: absolute, ok: false, judged: false, errors: [], diagnostics: [...warnings, undecided] });
      continue;
    }
    const errors = result.ok ? [] : inFileOrder(result.errors.map((v) => ({ ...v, ...locate(v, loaded.parsed!) })));
    results.push({ file: absolute, ok: result.ok, judged: true, errors, diagnostics: warnings });
  }
  const ok = results.every((r) => r.ok);
  // A file found invalid decides the exit code; files that could only not be judged have their own.
  const exit = ok ? EXIT_OK : results.some((r) => !r.ok && r.judged) ? EXIT_FINDINGS : EXIT_NOT_JUDGED;
  const notJudged = results.filter((r) => !r.judged).length;

  if (args.format === "json") {
    io.stdout(
      JSON.stringify(
        {
          command: "validate",
          ok,
          out,
          contract,
          digest: runtime.digestOf(contract),
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
    return exit;
  }
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
  const undecided =
    notJudged > 0 ? `; ${notJudged} ${notJudged === 1 ? "file was" : "files were"} too deep to judge` : "";
  io.stdout(
    `charter validate: ${valid} of ${results.length} ${results.length === 1 ? "file satisfies" : "files satisfy"} ${contract} (${runtime.digestOf(contract)})${undecided}\n`,
  );
  return exit;
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

/**
 * Data not judged: nested deeper than the depth limit (located at the first
 * value beyond it), or the validator ran out of call stack anyway.
 */
function tooDeepDiagnostic(violation: Violation, file: string, parsed: ParsedSource): Diagnostic {
  const limit = violation.params["limit"];
  if (typeof limit !== "number") {
    return errorAt(
      DATA_CODES.tooDeep,
      "the validator ran out of call stack on the data (nested deeper than the schema can follow, or a string too long for a backtracking pattern); no verdict",
      { file, position: { line: 1, column: 1 } },
    );
  }
  const { line, column } = locate(violation, parsed);
  const message = `${violation.pointer}: nested deeper than the depth limit of ${limit} levels for this recursive contract; no verdict (raise it with --max-depth N, or --max-depth Infinity for none)`;
  return errorAt(DATA_CODES.tooDeep, message, {
    file,
    position: { line: line ?? 1, column: column ?? 1 },
    pointer: violation.pointer,
  });
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

/**
 * In the order a person fixes them: by line, then column, of the place each is
 * shown at (the runtime orders by pointer, which is not the file's order once
 * keys are not written alphabetically). A finding located nowhere comes first,
 * as about the whole file; equal places keep the runtime's order (a stable sort).
 */
function inFileOrder<E extends { line?: number; column?: number }>(errors: E[]): E[] {
  return errors.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
}

/** How standard input is named in the report. */
const STDIN = "<stdin>";

async function noStdin(): Promise<Buffer> {
  throw Object.assign(new Error("no standard input"), { code: "ENOSTDIN" });
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

/** Data as written: `.json` as strict JSON, anything else as YAML; both keep positions for the report. */
async function readData(
  file: string,
  stdin?: () => Promise<Buffer>,
): Promise<{ parsed?: ParsedSource; text?: string; diagnostics: Diagnostic[] }> {
  let text: string;
  try {
    const decoded = decodeUtf8(stdin !== undefined ? await stdin() : await readFile(file));
    if ("invalidAt" in decoded)
      return {
        diagnostics: [errorAt(LOAD_CODES.notUtf8, "the file is not UTF-8", { file, position: decoded.invalidAt })],
      };
    text = decoded.text;
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? "read failed";
    return { diagnostics: [errorAt(DATA_CODES.unreadable, `cannot read the file (${reason})`, { file })] };
  }
  try {
    return { ...(file.endsWith(".json") ? parseJsonSource(text, file) : parseSource(text, file)), text };
  } catch (error) {
    // The JSON parser recurses: data nested thousands deep exhausts the stack.
    if (error instanceof RangeError)
      return {
        diagnostics: [
          errorAt(LOAD_CODES.tooDeep, "the data is nested too deeply to read", {
            file,
            position: { line: 1, column: 1 },
          }),
        ],
      };
    throw error;
  }
}

/** Where a violation is in the file: at the offending key when ajv names one, else at the value, else its nearest parent. */
function locate(v: Violation, parsed: ParsedSource): { line?: number; column?: number } {
  const key = v.params["additionalProperty"] ?? v.params["unevaluatedProperty"] ?? v.params["propertyName"];
  let position: SourcePosition | undefined =
    typeof key === "string" ? parsed.keyPositions.get(joinPointer(v.pointer, key)) : undefined;
  for (
    let pointer = v.pointer;
    position === undefined;
    pointer = pointer.slice(0, Math.max(0, pointer.lastIndexOf("/")))
  ) {
    position = parsed.positions.get(pointer);
    if (pointer === "") break;
  }
  return position ? { line: position.line, column: position.column } : {};
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
