import {
  diagnosticAt,
  errorAt,
  type Diagnostic,
  type DiagnosticCode,
  type DiagnosticPlace,
} from "../core/diagnostic.js";
import type { Severity } from "../core/diagnostic.js";
import { DIFF_CODES } from "./codes.js";
import type { ContractVersions, JudgedFinding, Verdict } from "./diff-trees.js";
import { nextBreakingVersion } from "./version-policy.js";

/**
 * The findings of `charter diff` as the diagnostics it prints: the one place
 * where a judged finding, or a version that does not match its contract's
 * changes, becomes a Diagnostic. The findings stay data of their own too, for
 * `--format json`, which lists their rule, category and pointers.
 */

/** What a verdict makes of a finding: only a breaking one fails the run. */
const BY_VERDICT: Record<Verdict, { severity: Severity; code: DiagnosticCode }> = {
  breaking: { severity: "error", code: DIFF_CODES.breaking },
  "allowed-by-version": { severity: "warning", code: DIFF_CODES.breaking },
  ignored: { severity: "note", code: DIFF_CODES.breaking },
  compatible: { severity: "note", code: DIFF_CODES.compatible },
};

/** A finding, at `place` in the working tree's sources (the caller reads them). */
export function findingDiagnostic(finding: JudgedFinding, place: DiagnosticPlace): Diagnostic {
  const { severity, code } = BY_VERDICT[finding.verdict];
  return diagnosticAt(severity, code, sentence(finding), place);
}

/** The error of a version that went backwards or missed the bump its breaking changes need; none otherwise. */
export function versionDiagnostic(versions: ContractVersions, place: DiagnosticPlace): Diagnostic | undefined {
  const { contract, base, head } = versions;
  if (versions.verdict === "missing-bump")
    return errorAt(
      DIFF_CODES.version,
      `${contract}: breaking changes need version ${nextBreakingVersion(base!)} or later (base ${base}, head ${head})`,
      place,
    );
  if (versions.verdict === "went-backwards")
    return errorAt(DIFF_CODES.version, `${contract}: version went backwards (base ${base}, head ${head})`, place);
  return undefined;
}

/** The base version could not be read: the message says which is missing. */
export function baseUnreadable(against: string, reason: string): Diagnostic {
  return errorAt(DIFF_CODES.baseUnreadable, `cannot read the base version (${against}): ${reason}`);
}

function sentence(f: JudgedFinding): string {
  const places = [
    f.basePointer !== undefined ? `base ${f.basePointer}` : undefined,
    f.headPointer !== undefined ? `head ${f.headPointer}` : undefined,
  ]
    .filter(Boolean)
    .join(", ");
  const why =
    f.verdict === "ignored"
      ? `; ignored: ${f.reason}`
      : f.verdict === "allowed-by-version"
        ? "; allowed by the version bump"
        : "";
  return `${f.contract}: ${f.message} [${f.category}/${f.rule}; ${places}${why}]`;
}
