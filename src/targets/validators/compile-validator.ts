import { createRequire } from "node:module";
import type { Ajv } from "ajv";
import type { DeclaredInstance } from "../../compiler/check/declared-counterexamples.js";
import { errorAt, type Diagnostic } from "../../core/diagnostic.js";
import type { JsonValue } from "../../core/json-value.js";
import type { Dialect } from "../../schema/dialect.js";
import { checkInstances, probeRecursion } from "./check-instances.js";
import { VALIDATOR_CODES } from "./codes.js";
import { addBundle, createAjv, type AjvLog } from "./create-ajv.js";
import { replaceRequires } from "./esm-imports.js";
import { scopeInFunction } from "./function-scope.js";
import { withoutAsync } from "./async-keyword.js";
import { appendErrorsInPlace } from "./linear-error-merge.js";
import { capErrors } from "./error-cap.js";
import { pruneSchemaConstants } from "./schema-constants.js";
import { compactErrorPushes } from "./error-push.js";
import { guardPatternProps } from "./pattern-props-guard.js";
import { functionsOnCycles, guardDepth } from "./recursion-guard.js";
import { namesInheritedProperties } from "./own-properties.js";
import type { ValidationPolicy } from "../../settings/validation.js";
import { bundleSchemaPaths } from "./schema-paths.js";
import { strictFindings, underExport } from "./strict-findings.js";
import type { ValidatorExport } from "./validator-export.js";
import { FIRST_ERROR_NESTING_LIMIT, firstErrorNesting } from "./first-error-nesting.js";
import { inlinedTargets } from "./inline-refs.js";
import { tooManyScopesMessage } from "./scope-limit.js";
import { validationForm } from "./validation-form/validation-form.js";
import { EvaluationFailed } from "./evaluate-on-first-call.js";

// ajv's standalone module is CommonJS whose function is its `default`; require says so plainly.
const standaloneCode = (
  createRequire(import.meta.url)("ajv/dist/standalone") as {
    default: (ajv: Ajv, refs: Record<string, string>) => string;
  }
).default;

/**
 * Everything one contract's validators depend on, as plain data: it crosses
 * to a worker thread and is the key of the cache, so nothing else may be read.
 */
export interface ValidatorTask {
  id: string;
  dialect: Dialect;
  schema: JsonValue;
  /** The contract's source file, to place what cannot be placed better. */
  file: string;
  exports: ValidatorExport[];
  policy: ValidationPolicy;
  instances: DeclaredInstance[];
}

export interface CompiledValidator {
  /** What ajv logged while compiling (unknown formats, strict-mode findings); the caller places them in the source. */
  warnings: string[];
  /** Strict-mode findings ajv meets only in a definition compiled as its own export, not in the contract. */
  strictApart: string[];
  /** Compilation failures, and what running the contract's instances found. */
  diagnostics: Diagnostic[];
  /** Set when ajv ran out of call stack, which a thread with a larger one may not. */
  overflowed?: true;
  /** The contract's validator module, as ES module text, when ajv compiled the bundle. */
  module?: string;
  /** Whether the module can recurse with the data, so that it checks its depth and exports the limit (recursion-guard.ts). */
  depthGuarded?: boolean;
}

/**
 * ajv's standalone code for one bundle, in the one-module form
 * (composite-branches.ts, error-cap.ts), rewritten into a self-contained ES
 * module; the strict-mode check when the policy asks for it; the examples and
 * counterexamples run through the same code. The module is compiled from the
 * bundle's validation form where it differs from the bundle (validation-form/validation-form.ts),
 * made here from the task's schema, id and dialect; strict mode still reads
 * the bundle, its findings being the author's. A pure function of its task.
 */
export function compileValidator(task: ValidatorTask): CompiledValidator {
  const { id, dialect, file, exports, policy, instances } = task;
  const formed = validationForm(task.schema, id, dialect);
  // The pipeline refuses a contract whose scopes run out before its validators are compiled (too-many-scopes.ts).
  if ("tooMany" in formed) return tooManyScopes(task);
  const published = withoutAsync(task.schema);
  const schema = formed.form ? withoutAsync(formed.form.schema) : published;
  const log: AjvLog = { warnings: [] };
  const strictApart: string[] = [];
  let ajv: Ajv;
  let standalone: string;
  let widest = 0;
  const ownProperties = namesInheritedProperties(schema);
  try {
    if (policy.strictness === "strict") {
      const checker = createAjv(
        dialect,
        { formats: policy.formats, patterns: policy.patterns, ownProperties, strictChecks: true },
        log,
      );
      addBundle(checker, published, dialect);
      const { reached, apart } = strictFindings(checker, exports, published, log);
      log.warnings.push(...reached);
      strictApart.push(...apart);
    }
    // Code too deeply nested to load: every branch runs to its end, without the optimizer (a
    // measure of the schema, not of a machine, so that the output is the same everywhere).
    const measured = firstErrorNesting(schema);
    widest = measured.widest;
    const flat = measured.nesting >= FIRST_ERROR_NESTING_LIMIT;
    // Small reference targets used a few times are inlined, as ajv does by default (inline-refs.ts).
    const inlined = inlinedTargets(schema, flat ? Infinity : measured.nesting);
    ajv = createAjv(
      dialect,
      {
        allErrors: true,
        branches: flat ? "every-error" : "first-error",
        optimize: !flat,
        formats: policy.formats,
        patterns: policy.patterns,
        ownProperties,
        inlined,
      },
      log,
    );
    addBundle(ajv, schema, dialect);
    for (const e of exports) compileExport(ajv, e, id, log);
    const code = standaloneCode(ajv, Object.fromEntries(exports.map((e) => [e.exportName, e.ref])));
    standalone = bundleSchemaPaths(
      code,
      ajv,
      exports.map((e) => e.ref),
      schema,
      formed.form?.origins ?? new Map(),
    ).code;
  } catch (error) {
    return compileFailed(error, { warnings: log.warnings, strictApart }, file);
  }
  let diagnostics: Diagnostic[];
  try {
    diagnostics = [...probeRecursion(ajv, id, file, widest), ...checkInstances(ajv, id, instances, policy.examples)];
  } catch (error) {
    // A function's code is evaluated at its first call (evaluate-on-first-call.ts): what V8 refuses of it is ajv's failure to compile.
    if (!(error instanceof EvaluationFailed)) throw error;
    return compileFailed(error.failure, { warnings: log.warnings, strictApart }, file);
  }
  const imported = replaceRequires(standalone);
  const unknown = [...new Set(imported.unknown)];
  if (unknown.length > 0) {
    // A helper ajv calls that the runtime lacks: the module could not load, so it is not written.
    const message = `ajv's code calls ${unknown.join(", ")}, which charter-runtime does not provide (a defect of charter's; please report it with the schema)`;
    return {
      warnings: log.warnings,
      strictApart,
      diagnostics: [errorAt(VALIDATOR_CODES.compileFailed, message, { file, position: { line: 1, column: 1 } })],
    };
  }
  const { module, depthGuarded } = finishModule(imported.code);
  return {
    warnings: log.warnings,
    strictApart,
    diagnostics,
    module,
    ...(depthGuarded ? { depthGuarded } : {}),
  };
}

/**
 * ajv's code as charter writes it: errors merged in place, patternProperties guarded, each
 * error appended in one statement, schema constants cut to what the code reads, the errors
 * capped (the runtime's `errors` and `maxErrors`), depth-guarded where a function can call itself.
 */
function finishModule(code: string): { module: string; depthGuarded: boolean } {
  // Split into lines once and joined once: each split and join of a corpus's megabytes of code
  // cost about as much as the rewrite between them.
  const lines = guardPatternProps(appendErrorsInPlace(code).code).code.split("\n");
  const compact = pruneSchemaConstants(compactErrorPushes(lines).lines);
  const cycles = functionsOnCycles(compact);
  const capped = capErrors(compact);
  const depthGuarded = cycles.size > 0;
  return { module: scopeInFunction(depthGuarded ? guardDepth(capped, cycles) : capped), depthGuarded };
}

/** What ajv (or V8, given ajv's code) threw, as the contract's compile failure. */
function compileFailed(
  error: unknown,
  logged: Pick<CompiledValidator, "warnings" | "strictApart">,
  file: string,
): CompiledValidator {
  const message = ((error as Error).message ?? String(error)).split("\n")[0];
  const diagnostics = [
    errorAt(VALIDATOR_CODES.compileFailed, `ajv cannot compile the bundle: ${message}`, {
      file,
      position: { line: 1, column: 1 },
    }),
  ];
  // Out of call stack: worth a rerun on a larger one (see run-tasks' `overflowed`).
  return { ...logged, diagnostics, ...(error instanceof RangeError ? { overflowed: true as const } : {}) };
}

/** CH405 at the contract's first line, where nothing places it better. */
function tooManyScopes({ id, file }: ValidatorTask): CompiledValidator {
  const diagnostics = [
    errorAt(VALIDATOR_CODES.tooManyScopes, tooManyScopesMessage(id), { file, position: { line: 1, column: 1 } }),
  ];
  return { warnings: [], strictApart: [], diagnostics };
}

/**
 * Compiles one export ahead of the standalone code (which reuses it), so that
 * what ajv logs meanwhile can be placed: ajv gives a location relative to the
 * schema it compiled, here the exported definition, and a finding must name
 * its place from the bundle's root.
 */
function compileExport(ajv: Ajv, e: ValidatorExport, bundleId: string, log: AjvLog): void {
  const logged = log.warnings.length;
  ajv.getSchema(e.ref);
  for (let i = logged; i < log.warnings.length; i++)
    log.warnings[i] = underExport(log.warnings[i]!, e.pointer, bundleId);
}
