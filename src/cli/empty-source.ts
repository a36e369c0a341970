import { errorAt, type Diagnostic } from "../core/diagnostic.js";
import type { CompileResult } from "../pipeline/compile.js";
import { CLI_CODES } from "./codes.js";
import type { Settings } from "./config.js";

/**
 * CH013 at the source folder when it held no contract at all (none produced,
 * none failed) and the config does not allow that: writing would delete every
 * output, and a mistyped `source` should not do so with exit 0.
 */
export function emptySourceFinding(
  result: Pick<CompileResult, "produced" | "failed">,
  settings: Pick<Settings, "allowEmptySource" | "sourceDir">,
): Diagnostic | undefined {
  if (settings.allowEmptySource === true || result.produced.length > 0 || result.failed.length > 0) return undefined;
  return errorAt(
    CLI_CODES.emptySource,
    "the source folder holds no contract (.yaml, .yml or .json); set allowEmptySource: true in the config to write an empty tree",
    { file: settings.sourceDir },
  );
}
