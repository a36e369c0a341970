import { requireOnFirstUse } from "../core/require-on-first-use.js";
import { compareStrings, errorAt, type Diagnostic } from "../core/diagnostic.js";
import { DRIFT_CODES } from "./codes.js";
import { validatorModule, validatorSummary } from "./summarized-files.js";

/** The diff library, loaded only when a file differs: a tree that matches never needs it. */
const diffLibrary = requireOnFirstUse<typeof import("diff")>(import.meta.url, "diff");

export interface StaleFile {
  path: string;
  /** Unified diff from the committed file to the fresh one, cut to the line limit. */
  diff: string;
  /** Diff lines left out by the limit. */
  omittedLines: number;
  /** Sizes of the committed and the fresh file; absent when the committed entry is not a regular file. */
  bytes?: { committed: number; fresh: number };
  /** `diff` is a one-line summary (a compiled validator), not a unified diff. */
  summarized?: true;
}

export interface CompareOptions {
  /** Stand a one-line summary for the diff of each compiled validator (minified code a reviewer does not read). */
  summarizeValidators?: boolean;
}

export interface Drift {
  missing: string[];
  stale: StaleFile[];
  orphaned: string[];
}

export const DEFAULT_DIFF_LINE_LIMIT = 120;

/**
 * Compares a fresh output tree with the committed one, byte for byte, and
 * collects every difference before anyone reports it. Paths are relative to
 * the output directory.
 */
export function compareTrees(
  fresh: ReadonlyMap<string, string>,
  /** The committed tree; `null` marks an entry that is not a regular file. */
  committed: ReadonlyMap<string, Buffer | null>,
  /** Prepended to paths in diff headers, so they read as the user sees them (`generated/`). */
  displayPrefix = "",
  diffLineLimit = DEFAULT_DIFF_LINE_LIMIT,
  options: CompareOptions = {},
): Drift {
  const drift: Drift = { missing: [], stale: [], orphaned: [] };
  for (const path of [...fresh.keys()].sort(compareStrings)) {
    const actual = committed.get(path);
    const expected = fresh.get(path)!;
    if (actual === undefined) drift.missing.push(path);
    else if (actual === null) {
      drift.stale.push({
        path,
        diff: "(not a regular file: a symbolic link or other entry stands where charter writes a file)",
        omittedLines: 0,
      });
    } else if (!actual.equals(Buffer.from(expected, "utf8"))) {
      drift.stale.push(staleFile(path, actual, expected, displayPrefix, diffLineLimit, options));
    }
  }
  for (const path of [...committed.keys()].sort(compareStrings)) {
    if (!fresh.has(path)) drift.orphaned.push(path);
  }
  return drift;
}

/** How a file that differs is shown: a unified diff cut to the limit, or the summary of a compiled validator. */
function staleFile(
  path: string,
  actual: Buffer,
  expected: string,
  displayPrefix: string,
  diffLineLimit: number,
  options: CompareOptions,
): StaleFile {
  const bytes = { committed: actual.length, fresh: Buffer.byteLength(expected, "utf8") };
  const module = options.summarizeValidators ? validatorModule(path) : undefined;
  if (module !== undefined)
    return {
      path,
      diff: validatorSummary(module, bytes.committed, bytes.fresh),
      omittedLines: 0,
      bytes,
      summarized: true,
    };
  const patch = diffLibrary().createTwoFilesPatch(
    `a/${displayPrefix}${path}`,
    `b/${displayPrefix}${path}`,
    actual.toString("utf8"),
    expected,
    "committed",
    "fresh",
    { context: 3 },
  );
  const lines = patch.replace(/\n$/, "").split("\n");
  // The first two lines are the `Index`/`===` banner jsdiff adds; keep the rest.
  const body = lines[0]?.startsWith("===") ? lines.slice(1) : lines;
  return {
    path,
    diff: body.slice(0, diffLineLimit).join("\n"),
    omittedLines: Math.max(0, body.length - diffLineLimit),
    bytes,
  };
}

export function hasDrift(drift: Drift): boolean {
  return drift.missing.length + drift.stale.length + drift.orphaned.length > 0;
}

/** The first line where two texts differ (1-based), to point a reader at the change. */
export function firstDifferentLine(a: string, b: string): number {
  const left = a.split("\n");
  const right = b.split("\n");
  let line = 0;
  while (line < left.length && line < right.length && left[line] === right[line]) line++;
  return line + 1;
}

/** Drift as diagnostics, one per file, in the model every other finding uses. `file` is joined to the output directory by the caller. */
export function driftDiagnostics(
  drift: Drift,
  fresh: ReadonlyMap<string, string>,
  committed: ReadonlyMap<string, Buffer | null>,
  outDir: string,
  /** The command that writes the tree, for the advice (`charter docs` for a docs site). */
  writer = "charter generate",
): Diagnostic[] {
  const join = (p: string) => `${outDir}/${p}`;
  return [
    ...drift.missing.map((p) =>
      errorAt(DRIFT_CODES.missing, `missing: a fresh run produces this file; run \`${writer}\``, {
        file: join(p),
      }),
    ),
    ...drift.stale.map((s) =>
      errorAt(
        DRIFT_CODES.stale,
        `stale: differs from a fresh run (edited by hand, or a source changed); run \`${writer}\``,
        {
          file: join(s.path),
          position: {
            line: firstDifferentLine(committed.get(s.path)?.toString("utf8") ?? "", fresh.get(s.path)!),
            column: 1,
          },
        },
      ),
    ),
    ...drift.orphaned.map((p) =>
      errorAt(DRIFT_CODES.orphaned, `orphaned: not produced by charter; \`${writer}\` removes it`, {
        file: join(p),
      }),
    ),
  ];
}
