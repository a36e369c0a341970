import type { Ajv } from "ajv";

/** The property of `code.process` the processed code calls. */
const MAKE_STAND_IN = "standIn";

/**
 * ajv turns the code of each function it compiles into a function at once (`new Function`),
 * though charter runs few of them: the probes and the contract's examples reach the root
 * function and what their data leads to; the strict checker's code runs never. Over the
 * SchemaStore corpus that was 27,000 evaluations of 138 MB of code, 5.4 s of the validators'
 * thread spent parsing code that was then only written out (standalone code is made from the
 * code's text, not from the function). Here each function's code is evaluated at its first
 * call instead; until then ajv holds a stand-in that evaluates it, and then passes each call on.
 *
 * What ajv and its code read of a validation function is kept: a caller reads the callee's
 * `errors` from the stand-in (copied after each call), and a function that tracks evaluated
 * properties writes them into the object ajv gave the stand-in.
 *
 * This is ajv's `code.process` for one instance: the code of each function it compiles is kept,
 * and replaced by code that makes the function's stand-in, which reaches this function through
 * the instance's options (`self` is the instance in ajv's code), from the instance's first
 * compile on.
 */
export function evaluateOnFirstCall(): (code: string) => string {
  const sources: string[] = [];
  const process = (code: string) => {
    sources.push(code);
    return `return self.opts.code.process.${MAKE_STAND_IN}(${sources.length - 1}, self, scope);`;
  };
  return Object.assign(process, {
    [MAKE_STAND_IN]: (index: number, self: Ajv, scope: unknown) => standIn(sources, index, self, scope),
  });
}

interface ValidationFunction {
  (this: unknown, ...args: unknown[]): unknown;
  errors?: unknown;
  evaluated?: unknown;
}

function standIn(sources: string[], index: number, self: Ajv, scope: unknown): ValidationFunction {
  let evaluated: ValidationFunction | undefined;
  const stand: ValidationFunction = function (this: unknown, ...args: unknown[]) {
    evaluated ??= evaluate(sources, index, self, scope, stand);
    const valid = evaluated.apply(this, args);
    stand.errors = evaluated.errors;
    return valid;
  };
  return stand;
}

function evaluate(
  sources: string[],
  index: number,
  self: Ajv,
  scope: unknown,
  stand: ValidationFunction,
): ValidationFunction {
  let evaluated: ValidationFunction;
  try {
    // The parameters ajv's own evaluation names (compile/index.ts): the instance and its scope's values.
    const made = new Function("self", "scope", sources[index]!) as (self: Ajv, scope: unknown) => ValidationFunction;
    evaluated = made(self, scope);
  } catch (failure) {
    throw new EvaluationFailed(failure);
  }
  sources[index] = "";
  // Set by ajv on the function it was given: the code reads and fills it under its own name.
  evaluated.evaluated = stand.evaluated;
  return evaluated;
}

/**
 * What V8 threw evaluating a function's code (a syntax error, a call stack too small to
 * parse it), which ajv's own evaluation would have thrown from its compile: not an error of
 * the data the function was called with.
 */
export class EvaluationFailed extends Error {
  constructor(readonly failure: unknown) {
    super(failure instanceof Error ? failure.message : String(failure));
  }
}
