import { errorAt, type Diagnostic } from "../../core/diagnostic.js";
import type { Violation } from "charter-runtime";
import { DEFAULT_MAX_ERRORS, type ParsedArgs } from "../args.js";
import { DATA_CODES } from "../codes.js";
import type { CliIo } from "../io.js";
import { displayPath, formatDiagnostic, relativeDiagnostic } from "../print.js";
import type { FileResult } from "./validate-files.js";

/**
 * The reports of `charter validate`: text (or GitHub annotations) for a person, JSON for a
 * program. Each costs time in proportion to the violations it prints, and prints at most
 * `--max-errors` of them: a file with a million stray keys answers at once.
 */

/** What the run found, for its report. */
export interface Report {
  contract: string;
  digest: string;
  out: string;
  ok: boolean;
  rules: string[];
  notes: Diagnostic[];
  results: FileResult[];
}

/** How many violations a report prints in all: `--max-errors`, 0 for every one, else the format's default. */
export function violationLimit(args: ParsedArgs): number {
  if (args.maxErrors === 0) return Infinity;
  return args.maxErrors ?? (args.format === "json" ? Infinity : DEFAULT_MAX_ERRORS);
}

/**
 * One JSON object. Past the limit, a file's `errors` stop and its `errorsOmitted` says how many
 * were left out; the top level's `errorsOmitted` counts them all (both only when any was). A file
 * with `cut: true` was cut by the validator itself, which stops collecting at the limit: its
 * `errorsOmitted` is then a lower bound.
 */
export function reportJson({ contract, digest, out, ok, rules, notes, results }: Report, args: ParsedArgs, io: CliIo) {
  let left = violationLimit(args);
  let omitted = 0;
  const shown = results.map((r) => {
    const kept = r.errors.length <= left ? r.errors : r.errors.slice(0, left);
    left -= kept.length;
    omitted += r.errors.length - kept.length + (r.cut ? 1 : 0);
    return {
      ...r,
      file: displayPath(r.file, io.cwd),
      errors: kept,
      ...(kept.length < r.errors.length || r.cut
        ? { errorsOmitted: r.errors.length - kept.length + (r.cut ? 1 : 0) }
        : {}),
      diagnostics: r.diagnostics.map((d) => relativeDiagnostic(d, io.cwd)),
    };
  });
  const report = {
    command: "validate",
    ok,
    out,
    contract,
    digest,
    rulesNotChecked: rules,
    results: shown,
    diagnostics: notes,
    ...(omitted > 0 ? { errorsOmitted: omitted } : {}),
  };
  io.stdout(JSON.stringify(report, null, 2) + "\n");
}

/**
 * Each finding, a violation with an excerpt of its line, up to the limit; then how many were
 * left out, and one line for the whole run.
 */
export function reportText(
  { contract, digest, notes, results }: Report,
  texts: ReadonlyMap<string, string>,
  args: ParsedArgs,
  io: CliIo,
): void {
  for (const note of notes) io.stderr(formatDiagnostic(note, io.cwd, args.format) + "\n");
  let left = violationLimit(args);
  let omitted = 0;
  for (const r of results) {
    for (const d of r.diagnostics) io.stdout(formatDiagnostic(d, io.cwd, args.format) + "\n");
    const violations = withoutSummaries(r.errors);
    const printed = violations.slice(0, Math.min(left, violations.length));
    left -= printed.length;
    omitted += violations.length - printed.length;
    // Split once per file: an excerpt per violation that split the whole file again was quadratic.
    const lines = args.format === "text" && printed.length > 0 ? texts.get(r.file)?.split(/\r?\n/) : undefined;
    for (const e of printed) {
      io.stdout(formatDiagnostic(violationAt(r.file, e), io.cwd, args.format) + "\n");
      // On a terminal's format, the line itself, with a caret under the place.
      if (args.format === "text" && e.line !== undefined)
        io.stdout(excerpt(lines?.[e.line - 1], e.line, e.column ?? 1));
    }
  }
  // A file the validator stopped listing has at least one more violation than it listed.
  const cut = results.filter((r) => r.cut).length;
  if (omitted + cut > 0)
    io.stdout(
      `charter validate: ${cut > 0 ? "at least " : ""}${omitted + cut} more ${omitted + cut === 1 ? "violation" : "violations"} not shown (--max-errors 0 shows every one)\n`,
    );
  const valid = results.filter((r) => r.ok).length;
  const notJudged = results.filter((r) => !r.judged).length;
  const undecided =
    notJudged > 0 ? `; ${notJudged} ${notJudged === 1 ? "file was" : "files were"} too deep to judge` : "";
  io.stdout(
    `charter validate: ${valid} of ${results.length} ${results.length === 1 ? "file satisfies" : "files satisfy"} ${contract} (${digest})${undecided}\n`,
  );
}

function violationAt(file: string, e: FileResult["errors"][number]): Diagnostic {
  return errorAt(DATA_CODES.violation, `${e.pointer || "/"}: ${describe(e)} [${e.keyword} at ${e.schemaPath}]`, {
    file,
    ...(e.line !== undefined ? { position: { line: e.line, column: e.column ?? 1 } } : {}),
    pointer: e.pointer,
  });
}

/**
 * Without ajv's `if` findings ("must match \"then\" schema") that only sum up a
 * finding from inside that `then` or `else`, which says what is wrong and where.
 * The JSON output keeps every finding. One pass over the findings' branches, so
 * that many `if` findings cost no more than many others.
 */
export function withoutSummaries<E extends Violation>(errors: readonly E[]): E[] {
  const branches = new Set<string>();
  for (const { schemaPath } of errors) {
    for (const keyword of ["/then", "/else"]) {
      for (let at = schemaPath.indexOf(keyword); at >= 0; at = schemaPath.indexOf(keyword, at + 1))
        branches.add(schemaPath.slice(0, at + keyword.length));
    }
  }
  return errors.filter((e) => {
    if (e.keyword !== "if" || !e.schemaPath.endsWith("/if")) return true;
    const branch = e.schemaPath.slice(0, -"/if".length);
    return !branches.has(`${branch}/then`) && !branches.has(`${branch}/else`);
  });
}

/** How much of a long line an excerpt shows, around the caret: minified JSON is one line. */
const EXCERPT_WIDTH = 120;

/** `   4 | qty: 0` and a caret under the column; empty when the line is not at hand. */
function excerpt(line: string | undefined, number: number, column: number): string {
  let source = line;
  if (source === undefined) return "";
  let caret = column - 1;
  if (source.length > EXCERPT_WIDTH) {
    const start = Math.max(0, Math.min(caret - EXCERPT_WIDTH / 2, source.length - EXCERPT_WIDTH));
    const [before, after] = [start > 0 ? "…" : "", start + EXCERPT_WIDTH < source.length ? "…" : ""];
    source = before + source.slice(start, start + EXCERPT_WIDTH) + after;
    caret = caret - start + before.length;
  }
  const place = String(number).padStart(5);
  // Tabs keep their width in the caret line, so that it stays under the column.
  const pad = source.slice(0, caret).replace(/[^\t]/g, " ");
  return `${place} | ${source}\n${" ".repeat(place.length)} | ${pad}^\n`;
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
