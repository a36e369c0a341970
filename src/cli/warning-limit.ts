import { errorAt, type Diagnostic } from "../core/diagnostic.js";
import { CLI_CODES } from "./codes.js";

/**
 * The error that fails a run whose warnings exceed `--max-warnings` (or the config's
 * `maxWarnings`), as eslint's option does: CI can then refuse warnings without making
 * each of them an error. Undefined when there is no limit or the warnings keep within it.
 */
export function warningLimitExceeded(
  diagnostics: readonly Diagnostic[],
  limit: number | undefined,
): Diagnostic | undefined {
  if (limit === undefined) return undefined;
  const warnings = diagnostics.filter((d) => d.severity === "warning").length;
  if (warnings <= limit) return undefined;
  return errorAt(
    CLI_CODES.tooManyWarnings,
    `${warnings} warning${warnings === 1 ? "" : "s"}, more than the ${limit} that --max-warnings (or the config's maxWarnings) allows`,
    {},
  );
}
