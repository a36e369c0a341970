import type { Ajv, Options } from "ajv";
import { ajvForDialect } from "../../schema/ajv-for-dialect.js";
import { _Code } from "ajv/dist/compile/codegen/code.js";
import { formatLimitDefinition } from "ajv-formats/dist/limit.js";
import { formats as runtimeFormats } from "charter-runtime/formats";
import { linearEngine } from "./linear-engine.js";
import type { JsonValue } from "../../core/json-value.js";
import { idKeyword, type Dialect } from "../../schema/dialect.js";
import { countCompositeBranches } from "./composite-branches.js";
import { countNamesInLinearTime } from "./codegen-names.js";
import { memoUriResolver } from "./memo-uri-resolver.js";
import { evaluateOnFirstCall } from "./evaluate-on-first-call.js";
import { inlineOnly } from "./inline-ref-keyword.js";
import type { Inlining } from "./inline-refs.js";
import { walkSchema } from "../../schema/walk-schema.js";
import { FORMATS_CODE, LINEAR_PATTERN_CODE, PATTERN_CODE } from "./esm-imports.js";
import { assertsFormats, type Formats, type Patterns } from "../../settings/validation.js";

/** What ajv said while compiling, instead of printing it. */
export interface AjvLog {
  warnings: string[];
}

export interface AjvSettings {
  /** Collect every violation rather than stop at the first. */
  allErrors?: boolean;
  /** Whether `format` is checked (by the contract's dialect unless the config says). */
  formats?: Formats;
  /** The engine of `pattern` and `patternProperties` (default native). */
  patterns?: Patterns;
  /** Presence checks with hasOwnProperty, for contracts naming properties every object inherits. */
  ownProperties?: boolean;
  /**
   * An instance that only looks for ajv's strict-mode findings (for
   * `validation.strictness: strict`) and writes no code. It inlines
   * references as ajv does by default: with `inlineRefs: false`, ajv's
   * strictRequired check no longer sees the properties a referenced schema
   * declares beside a `required` (SchemaStore's mkdocs-1.0, tox), and reports
   * names that are declared.
   */
  strictChecks?: boolean;
  /**
   * ajv's optimizer passes over the generated code (default: on, except for
   * the strict checker, whose code is thrown away; off for code too deep to
   * nest, whose flat module is compiled without it: decision 003).
   */
  optimize?: boolean;
  /**
   * With `allErrors`: the code of the contract's one module, which counts the
   * subschemas whose errors may be dropped and stops each anyOf, oneOf and
   * contains branch at its first error (`first-error`), or lets every branch
   * run to its end (`every-error`, for code too deep to nest); see
   * composite-branches.ts. Unset: ajv's code as it is.
   */
  branches?: "first-error" | "every-error";
  /**
   * The reference targets the code inlines at each use, with their pointers
   * (inline-refs.ts); every other target is a function of its own. Unset: none.
   */
  inlined?: Inlining;
}

/**
 * An ajv instance for one dialect, set up for standalone ES module code:
 * unknown keywords are annotations (`strict: false`), formats are charter
 * runtime's (checked where the contract's policy asserts them: the code
 * calls the runtime's functions, the ones checked here), ajv-formats'
 * formatMinimum/formatMaximum keywords are known, and what ajv would print
 * goes to `log`.
 */
export function createAjv(dialect: Dialect, settings: AjvSettings, log: AjvLog) {
  const {
    allErrors = false,
    formats = "dialect",
    patterns = "native",
    ownProperties = false,
    strictChecks = false,
    optimize = !strictChecks,
  } = settings;
  // Code made only to be written out, or run on a few values: each function is evaluated when first called.
  const process = evaluateOnFirstCall();
  const options: Options = {
    // ajv's optimizer costs up to three quarters of compiling a large bundle; the code that runs on
    // every validation gets it (docs/decisions/003-validators.md, `code.optimize`).
    code: {
      source: true,
      esm: true,
      lines: true,
      optimize: optimize ? 1 : false,
      formats: new _Code(FORMATS_CODE),
      regExp: patternEngine(patterns),
      process,
    },
    // A schema referenced many times is one function, called from each use, not a copy at each:
    // over SchemaStore, code 24 % smaller and compilation twice as fast (docs/decisions/003-validators.md).
    // Small targets used a few times are inlined all the same (`inlined`, inline-ref-keyword.ts).
    ...(strictChecks ? {} : { inlineRefs: false }),
    strict: false,
    // Strict checks are logged, not thrown, so that every finding is reported, each once.
    ...(strictChecks ? { strictTypes: "log", strictTuples: "log", strictRequired: "log", allowUnionTypes: true } : {}),
    allErrors,
    // An annotation is not looked at: unknown formats are then no finding either.
    validateFormats: assertsFormats(formats, dialect),
    ownProperties,
    // Bundles were checked by charter; ajv's own meta-schema pass would refuse the dialects it lacks.
    validateSchema: false,
    uriResolver: memoUriResolver(),
    logger: {
      log: () => {},
      warn: (...args: unknown[]) => log.warnings.push(args.map(String).join(" ")),
      error: () => {},
    },
  };
  if (optimize) countNamesInLinearTime();
  const ajv = ajvForDialect(dialect, options);
  for (const [name, definition] of Object.entries(runtimeFormats)) ajv.addFormat(name, definition);
  ajv.addKeyword(formatLimitDefinition);
  if (settings.branches) countCompositeBranches(ajv, settings.branches === "every-error");
  const { inlined } = settings;
  if (!strictChecks && inlined && inlined.targets.size + inlined.booleans.size > 0) inlineOnly(ajv, inlined);
  return ajv;
}

/**
 * The engine ajv builds patterns with, here (examples are checked with it)
 * and in the generated code (`code`): the runtime's `pattern`, which is
 * RegExp unless the application installed another engine, or its linear
 * engine for a contract that asks for it.
 */
function patternEngine(patterns: Patterns): NonNullable<NonNullable<Options["code"]>["regExp"]> {
  if (patterns === "linear")
    return Object.assign((source: string, flags: string) => linearEngine().linearPattern(source, flags) as RegExp, {
      code: LINEAR_PATTERN_CODE,
    });
  return Object.assign((source: string, flags: string) => new RegExp(source, flags), { code: PATTERN_CODE });
}

/**
 * Adds a contract's bundle to an instance from `createAjv`. A bundle may
 * embed its own copy of a meta-schema that ajv preloads, under the same
 * `$id` (AsyncAPI's published schemas carry draft-07's, slightly changed):
 * ajv then refuses the whole bundle ("reference ... resolves to more than
 * one schema"). The bundle's copy is what its references mean, and ajv's is
 * used for nothing else here (bundles are not validated against it), so
 * ajv's gives way.
 */
export function addBundle(ajv: Ajv, schema: JsonValue, dialect: Dialect): void {
  const keyword = idKeyword(dialect);
  walkSchema(schema, undefined, (subschema) => {
    const id = subschema[keyword];
    // A fresh instance knows only its meta-schemas; removing a key it lacks does nothing.
    if (typeof id === "string") ajv.removeSchema(id.split("#")[0]!);
    return undefined;
  });
  ajv.addSchema(schema as object);
}
