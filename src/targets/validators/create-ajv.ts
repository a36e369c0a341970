import type { Options } from "ajv";
import { ajvForDialect } from "../../compiler/ajv-for-dialect.js";
import addFormats from "ajv-formats";
import type { Dialect } from "../../compiler/resolve/dialect.js";
import { assertsFormats, type Formats, type Strictness } from "./policy.js";

/** What ajv said while compiling, instead of printing it. */
export interface AjvLog {
  warnings: string[];
}

/**
 * An ajv instance for one dialect, set up for standalone ES module code:
 * unknown keywords are annotations (`strict: false`), formats come from
 * ajv-formats (checked where the contract's policy asserts them), and what ajv would print goes to `log`.
 */
export function createAjv(dialect: Dialect, allErrors: boolean, log: AjvLog, strictness: Strictness = "lenient", formats: Formats = "dialect", ownProperties = false) {
  // Strict checks are logged, not thrown, so that every finding is reported, each once.
  const strictChecks: Options =
    strictness === "strict" ? { strictTypes: "log", strictTuples: "log", strictRequired: "log", allowUnionTypes: true } : {};
  const options: Options = {
    code: { source: true, esm: true, lines: true },
    // A schema referenced many times is one function, called from each use, not a copy at each:
    // over SchemaStore, code 24 % smaller and compilation twice as fast (docs/decisions/003-validators.md).
    inlineRefs: false,
    strict: false,
    ...strictChecks,
    allErrors,
    // An annotation is not looked at: unknown formats are then no finding either.
    validateFormats: assertsFormats(formats, dialect),
    ownProperties,
    // Bundles were checked by charter; ajv's own meta-schema pass would refuse the dialects it lacks.
    validateSchema: false,
    logger: { log: () => {}, warn: (...args: unknown[]) => log.warnings.push(args.map(String).join(" ")), error: () => {} },
  };
  const ajv = ajvForDialect(dialect, options);
  addFormats.default(ajv);
  return ajv;
}
