import type { Ajv } from "ajv";
import type { DeclaredInstance } from "../../compiler/check/declared-counterexamples.js";
import { diagnosticAt, errorAt, type Diagnostic, type Severity } from "../../core/diagnostic.js";
import { pointerToFragment } from "../../core/json-pointer.js";
import { V8_FUNCTION_FAN_OUT } from "./first-error-nesting.js";
import { VALIDATOR_CODES } from "./codes.js";

interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
}

/**
 * Runs a contract's examples and counterexamples through its validator,
 * compiled by the same ajv instance as the generated code (every violation,
 * each failed anyOf/oneOf branch's first): an example must pass; a
 * counterexample must fail, with the declared keyword at the declared place
 * among its violations.
 */
export function checkInstances(
  ajv: Ajv,
  bundleId: string,
  instances: readonly DeclaredInstance[],
  /** For a value under the standard `examples` keyword that its schema rejects (the contract's `validation.examples`). */
  examplesSeverity: Severity = "error",
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const instance of instances) {
    const ref = instance.schemaPointer === "" ? bundleId : `${bundleId}#${pointerToFragment(instance.schemaPointer)}`;
    const validate = ajv.getSchema(ref);
    if (!validate) continue;
    let valid: boolean;
    try {
      valid = validate(instance.value) as boolean;
    } catch (error) {
      // A schema that applies itself to the same value without end (CH306 warns of the `$ref` cycles).
      if (!(error instanceof RangeError)) throw error;
      diagnostics.push(
        errorAt(
          VALIDATOR_CODES.compileFailed,
          `the validator recursed without end on this instance (a schema applying itself to it: see CH306): ${error.message}`,
          { file: instance.file, position: instance.position, pointer: instance.pointer },
        ),
      );
      continue;
    }
    const errors = ((validate.errors ?? []) as AjvError[]).map((e) =>
      `${e.instancePath || "/"} ${e.keyword}: ${e.message ?? ""}`.trim(),
    );
    const at = { file: instance.file, position: instance.position, pointer: instance.pointer };
    const listed = errors.slice(0, 5).join("; ") + (errors.length > 5 ? `; and ${errors.length - 5} more` : "");
    if (!instance.expected) {
      if (!valid) {
        const severity = instance.fromExamplesKeyword ? examplesSeverity : "error";
        diagnostics.push(
          diagnosticAt(severity, VALIDATOR_CODES.exampleRejected, `example does not satisfy its schema: ${listed}`, at),
        );
      }
      continue;
    }
    const { keyword, pointer } = instance.expected;
    const wanted = `${keyword}${pointer !== undefined ? ` at ${pointer || "/"}` : ""}`;
    if (valid) {
      diagnostics.push(
        errorAt(
          VALIDATOR_CODES.counterexampleAccepted,
          `counterexample satisfies the schema; it should fail with ${wanted}`,
          at,
        ),
      );
      continue;
    }
    const found = ((validate.errors ?? []) as AjvError[]).some(
      (e) => e.keyword === keyword && (pointer === undefined || e.instancePath === pointer),
    );
    if (!found)
      diagnostics.push(
        errorAt(
          VALIDATOR_CODES.counterexampleOtherReason,
          `counterexample fails, but not with ${wanted}: ${listed}`,
          at,
        ),
      );
  }
  return diagnostics;
}

/** Values the probe below tries: one of each JSON type, each cheap to validate. */
const PROBES: readonly unknown[] = [null, 0, "", [], {}];

/**
 * Runs the contract's validator once on a value of each JSON type. Some
 * schemas make ajv's code call itself without end on every value (the
 * official test suite's dynamicRef and unevaluated* cases); CH306 names only
 * the `$ref` cycles a reader can see. A client would meet it as a stack
 * overflow at its first validation; here it is a located CH702 instead. Where
 * only some kinds of value overflow, the schema still judges the others (a
 * cycle behind a branch, which CH306 warns of): a warning.
 */
export function probeRecursion(ajv: Ajv, bundleId: string, file: string, widest = 0): Diagnostic[] {
  const validate = ajv.getSchema(bundleId);
  if (!validate) return [];
  const overflowed: unknown[] = [];
  for (const value of PROBES) {
    try {
      // Only a synchronous overflow is probed; an async validator's result is not awaited.
      const result = validate(value);
      if (result instanceof Promise) result.catch(() => undefined);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      overflowed.push(value);
      // A function too wide for V8 fails on every value: no need to try the others.
      if (widest >= V8_FUNCTION_FAN_OUT) break;
    }
  }
  if (overflowed.length === 0) return [];
  const at = { file, position: { line: 1, column: 1 } };
  const shown = JSON.stringify(overflowed[0]);
  if (overflowed.length < PROBES.length && widest < V8_FUNCTION_FAN_OUT)
    return [
      diagnosticAt(
        "warning",
        VALIDATOR_CODES.compileFailed,
        `the validator recurses without end on some values (it overflowed its stack on ${overflowed.map((v) => JSON.stringify(v)).join(", ")}), which the runtime reports as not judged; see CH306`,
        at,
      ),
    ];
  const message =
    widest >= V8_FUNCTION_FAN_OUT
      ? `the validator overflowed its stack on ${shown}: one schema applies ${widest} subschemas, and from about ${V8_FUNCTION_FAN_OUT} JavaScript cannot compile the function ajv writes for it; split them into definitions that an allOf refers to (each definition is a function of its own)`
      : `the validator recurses without end (it overflowed its stack on ${shown}); ajv cannot run this schema`;
  return [errorAt(VALIDATOR_CODES.compileFailed, message, at)];
}
