import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { errorAt, type Diagnostic } from "../../core/diagnostic.js";
import { LOAD_CODES } from "./codes.js";
import { decodeUtf8 } from "./decode-utf8.js";
import { parseJsonSourceLazily } from "./parse-json-lazily.js";
import { parseSource } from "./parse-source.js";
import type { ParsedSource } from "../../core/parsed-source.js";

/** A source read and parsed, or the diagnostics of why not; `missing` when no file is there (a reference may then be reported as naming nothing). */
export interface LoadedSource {
  parsed?: ParsedSource;
  diagnostics: Diagnostic[];
  missing?: true;
  /** The sha256 of the file's bytes (hex), once they were read. */
  sha256?: string;
  /**
   * JSON that `JSON.parse` reads as the strict reading would, with the strict reading's findings
   * (numbers beyond a double): a later run may take both on trust for the same bytes.
   */
  plain?: readonly Diagnostic[];
}

/** The JSON texts an earlier run read plain, by the digest of their bytes, with their findings. */
export type PlainTexts = ReadonlyMap<string, readonly Diagnostic[]>;

/**
 * The last parse of each file, by absolute path, with the digest of the bytes it parsed: `watch`
 * compiles again after every save, and all but the saved file read as before. Parses are never
 * changed by the stages after this one (bundling copies what it rewrites), so one can serve
 * again; one entry per file keeps the memory that of one run. Only a caller that runs again
 * keeps one: held by a single run, it kept every source's parse alive to the run's end (a
 * corpus's documents, about 90 MB, while the validators' last compiles ran).
 */
export type ParseMemo = Map<string, { digest: string; result: LoadedSource }>;

/**
 * Reads and parses one file; a read failure is a diagnostic, not an exception. `plain` holds,
 * by digest, the JSON texts an earlier run read as plain and their findings (`LoadedSource.plain`):
 * such a file's scan for what `JSON.parse` lets pass (duplicate keys, numbers beyond a double) is
 * not made again.
 */
export async function loadSource(absolutePath: string, memo?: ParseMemo, plain?: PlainTexts): Promise<LoadedSource> {
  let text: string;
  let sha256: string;
  try {
    // Read synchronously: a project's sources are many small files, each read several times faster without a promise.
    const bytes = readFileSync(absolutePath);
    // The digest a run's record keeps of each document: taken here, the file is not read again for it.
    sha256 = createHash("sha256").update(bytes).digest("hex");
    const decoded = decodeUtf8(bytes);
    if ("invalidAt" in decoded) {
      return {
        diagnostics: [
          errorAt(LOAD_CODES.notUtf8, "the file is not UTF-8", { file: absolutePath, position: decoded.invalidAt }),
        ],
      };
    }
    text = decoded.text;
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? "read failed";
    const diagnostics = [errorAt(LOAD_CODES.unreadable, `cannot read the file (${reason})`, { file: absolutePath })];
    return reason === "ENOENT" || reason === "EISDIR" ? { missing: true, diagnostics } : { diagnostics };
  }
  // A digest, not the text: the memo must not hold a second copy of every source (a corpus is tens of MB).
  const last = memo?.get(absolutePath);
  if (last?.digest === sha256) return last.result;
  const result = {
    ...checkedRoot(
      absolutePath,
      absolutePath.endsWith(".json")
        ? parseJsonSourceLazily(text, absolutePath, plain?.get(sha256))
        : parseSource(text, absolutePath),
    ),
    sha256,
  };
  memo?.set(absolutePath, { digest: sha256, result });
  return result;
}

/** The parse, or the finding that its top level is no schema. */
function checkedRoot(absolutePath: string, result: LoadedSource): LoadedSource {
  if (result.parsed) {
    const root = result.parsed.value;
    if (typeof root !== "boolean" && (root === null || typeof root !== "object" || Array.isArray(root))) {
      return {
        diagnostics: [
          errorAt(LOAD_CODES.notSchema, "the top level must be a mapping (a schema object) or a boolean", {
            file: absolutePath,
            position: result.parsed.positions.get("") ?? { line: 1, column: 1 },
            pointer: "",
          }),
        ],
      };
    }
  }
  return result;
}
