import { open } from "node:fs/promises";
import path from "node:path";
import { errorAt, type Diagnostic, type SourcePosition } from "../../core/diagnostic.js";
import { joinPointer } from "../../core/json-pointer.js";
import type { ParsedSource } from "../../core/parsed-source.js";
import { LOAD_CODES } from "../../compiler/load/codes.js";
import { decodeUtf8 } from "../../compiler/load/decode-utf8.js";
import { parseJsonData } from "../../compiler/load/parse-json-data.js";
import { parseSource } from "../../compiler/load/parse-source.js";
import { isCut, isTooDeep, type LoadedContract, type Violation } from "charter-runtime";
import { DATA_CODES } from "../codes.js";
import type { CliIo } from "../io.js";

/** One data file's verdict. */
export interface FileResult {
  file: string;
  ok: boolean;
  /** False when the data was too deep to read or to validate: no verdict, which is not invalid. */
  judged: boolean;
  /** Violations of the contract, located in the file. */
  errors: (Violation & { line?: number; column?: number })[];
  /** Why the file could not be checked (unreadable, does not parse). */
  diagnostics: Diagnostic[];
  /** The runtime stopped listing at its limit (`--max-errors`): the file has more violations than `errors`. */
  cut?: true;
}

/**
 * Reads each data file and validates it with `checker`; also the text of each file
 * read, by its absolute path, for excerpts.
 */
export async function validateFiles(
  files: readonly string[],
  checker: LoadedContract<unknown>,
  io: CliIo,
  /** The most bytes of one file read (`--max-size`); a file longer is refused unread past it. */
  maxBytes: number,
): Promise<{ results: FileResult[]; texts: Map<string, string> }> {
  const results: FileResult[] = [];
  const texts = new Map<string, string>();
  for (const file of files) {
    // `-` is standard input, read as YAML (which JSON is), shown as <stdin>.
    const absolute = path.resolve(io.cwd, file === "-" ? STDIN : file);
    const loaded = await readData(absolute, maxBytes, file === "-" ? (io.stdin ?? noStdin) : undefined);
    if (loaded.text !== undefined) texts.set(absolute, loaded.text);
    if (!loaded.parsed) {
      const judged = !loaded.diagnostics.some((d) => d.code === LOAD_CODES.tooDeep.code);
      results.push({ file: absolute, ok: false, judged, errors: [], diagnostics: loaded.diagnostics });
      continue;
    }
    const result = checker.validate(loaded.parsed.value);
    const warnings = loaded.diagnostics.filter((d) => d.severity !== "error");
    // Positions only for what the report names: finding every one up front cost 30 to 50 times the file.
    if (!result.ok) loaded.locate?.(reportedPointers(result.errors));
    if (!result.ok && isTooDeep(result.errors)) {
      const undecided = tooDeepDiagnostic(result.errors[0]!, absolute, loaded.parsed);
      results.push({ file: absolute, ok: false, judged: false, errors: [], diagnostics: [...warnings, undecided] });
      continue;
    }
    // A list the runtime cut at the limit ends with its marker: the report says more were left out.
    const cut = !result.ok && isCut(result.errors);
    const listed = result.ok ? [] : cut ? result.errors.slice(0, -1) : result.errors;
    const errors = inFileOrder(listed.map((v) => ({ ...v, ...locate(v, loaded.parsed!) })));
    results.push({
      file: absolute,
      ok: result.ok,
      judged: true,
      errors,
      diagnostics: warnings,
      ...(cut ? { cut } : {}),
    });
  }
  return { results, texts };
}

/** Data as written: `.json` as strict JSON, anything else as YAML; both keep positions for the report. */
async function readData(
  file: string,
  maxBytes: number,
  stdin?: (limit: number) => Promise<Buffer | undefined>,
): Promise<{
  parsed?: ParsedSource;
  locate?: (pointers: Iterable<string>) => void;
  text?: string;
  diagnostics: Diagnostic[];
}> {
  let text: string;
  try {
    const bytes = stdin !== undefined ? await stdin(maxBytes) : await readBounded(file, maxBytes);
    if (bytes === undefined || bytes === TOO_LARGE || bytes.length > maxBytes)
      return {
        diagnostics: [
          errorAt(
            DATA_CODES.tooLarge,
            `larger than ${maxBytes / 1024 / 1024} MiB, read no further; --max-size raises the limit`,
            { file },
          ),
        ],
      };
    const decoded = decodeUtf8(bytes);
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
    if (!file.endsWith(".json")) return { ...parseSource(text, file), text };
    const { data, diagnostics } = parseJsonData(text, file);
    return data ? { parsed: data.parsed, locate: data.locate, text, diagnostics } : { diagnostics, text };
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

/** What `readBounded` says of a file larger than the limit: a regular one is not read at all, a stream only so far. */
const TOO_LARGE = "too large";

/**
 * The file's bytes, at most `limit + 1` of them: a regular file larger than
 * the limit is not read at all, and a device or stream (`/dev/zero`, a FIFO)
 * is read only so far.
 */
async function readBounded(file: string, limit: number): Promise<Buffer | typeof TOO_LARGE> {
  const handle = await open(file, "r");
  try {
    const info = await handle.stat();
    if (info.isFile() && info.size > limit) return TOO_LARGE;
    const chunks: Buffer[] = [];
    let read = 0;
    for (;;) {
      const chunk = Buffer.alloc(Math.min(1024 * 1024, limit + 1 - read));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      read += bytesRead;
      // Past the limit what was read is dropped at once, not joined into one more copy.
      if (read > limit) return TOO_LARGE;
    }
    return Buffer.concat(chunks);
  } finally {
    await handle.close();
  }
}

/** The places a report of these violations shows: each value, and the key a violation names. */
function reportedPointers(violations: readonly Violation[]): string[] {
  return violations.flatMap((v) => {
    const key = memberKey(v);
    return typeof key === "string" ? [v.pointer, joinPointer(v.pointer, key)] : [v.pointer];
  });
}

/** The member a violation is about, when ajv names one (an unexpected property, a bad property name). */
function memberKey(v: Violation): unknown {
  return v.params["additionalProperty"] ?? v.params["unevaluatedProperty"] ?? v.params["propertyName"];
}

/** Where a violation is in the file: at the offending key when ajv names one, else at the value, else its nearest parent. */
function locate(v: Violation, parsed: ParsedSource): { line?: number; column?: number } {
  const key = memberKey(v);
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

/**
 * Data not judged: nested deeper than the depth limit (located at the first
 * value beyond it), or the validator ran out of call stack anyway.
 */
function tooDeepDiagnostic(violation: Violation, file: string, parsed: ParsedSource): Diagnostic {
  const limit = violation.params["limit"];
  if (typeof limit !== "number") {
    return errorAt(
      DATA_CODES.tooDeep,
      "the validator ran out of call stack on the data (nested deeper than the schema can follow, a string too long for a backtracking pattern, or a value that reaches a schema applying itself to it, CH306); no verdict",
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
