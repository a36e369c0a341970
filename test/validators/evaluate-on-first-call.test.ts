/**
 * The validators' ajv instances evaluate each function's code at its first call
 * (evaluate-on-first-call.ts): compiling a contract parses none of the code it only writes out,
 * and what the code does when it runs is what ajv's own evaluation gives.
 */
import { afterEach, describe, expect, it } from "vitest";
import { ajvForDialect } from "../../src/schema/ajv-for-dialect.js";
import { createAjv } from "../../src/targets/validators/create-ajv.js";
import { EvaluationFailed, evaluateOnFirstCall } from "../../src/targets/validators/evaluate-on-first-call.js";

const ID = "https://w.test/order";

/** Four definitions, each a function of its own (the validators' ajv inlines no `$ref` by default). */
const ORDER = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: ID,
  type: "object",
  properties: { item: { $ref: "#/$defs/item" }, buyer: { $ref: "#/$defs/buyer" }, note: { $ref: "#/$defs/note" } },
  // Which properties the extensions' function evaluates is known only when it runs: it tells its caller.
  allOf: [{ $ref: "#/$defs/extensions" }],
  unevaluatedProperties: false,
  $defs: {
    extensions: { patternProperties: { "^x-": true } },
    item: { type: "object", properties: { sku: { type: "string", minLength: 3 } }, required: ["sku"] },
    buyer: { type: "object", properties: { name: { type: "string" } }, unevaluatedProperties: false },
    note: { type: "string", maxLength: 10 },
  },
};

/** Counts the evaluations of ajv's code (a function declared `validate<n>`), not of the stand-ins' one-line makers. */
function countEvaluations(): { count: () => number; restore: () => void } {
  const original = globalThis.Function;
  let evaluated = 0;
  globalThis.Function = new Proxy(original, {
    construct(target, args: string[], newTarget) {
      if (/function validate\d+\(/.test(String(args.at(-1)))) evaluated++;
      return Reflect.construct(target, args, newTarget) as object;
    },
  });
  return { count: () => evaluated, restore: () => void (globalThis.Function = original) };
}

let counting: ReturnType<typeof countEvaluations> | undefined;
afterEach(() => {
  counting?.restore();
  counting = undefined;
});

describe("the validators' ajv evaluates a function's code at its first call", () => {
  it("compiles a contract without evaluating its code, then evaluates only the functions data reaches", () => {
    counting = countEvaluations();
    const ajv = createAjv("2020-12", { allErrors: true }, { warnings: [] });
    ajv.addSchema(ORDER);
    const validate = ajv.getSchema(ID)!;
    expect(counting.count()).toBe(0);
    expect(validate({ item: { sku: "abcd" } })).toBe(true);
    // The root's function, the item's and the extensions', not the buyer's or the note's.
    expect(counting.count()).toBe(3);
    expect(validate({ item: { sku: "efgh" } })).toBe(true);
    expect(counting.count()).toBe(3);
  });

  it("gives the verdicts and errors of ajv's own evaluation, the callees' errors and evaluated properties included", () => {
    const options = { allErrors: true, inlineRefs: false, strict: false } as const;
    const charter = createAjv("2020-12", { allErrors: true }, { warnings: [] });
    const plain = ajvForDialect("2020-12", options);
    charter.addSchema(ORDER);
    plain.addSchema(ORDER);
    const data = [
      { item: { sku: "abcd" }, buyer: { name: "x" }, note: "short", "x-trace": 1 },
      { item: { sku: "abcd" }, other: 1 },
      { item: { sku: "ab" }, buyer: { name: "x", extra: 1 }, note: "far too long a note" },
      { item: {}, buyer: { name: 3 } },
      { item: "no", buyer: [], note: 5 },
      "not an order",
    ];
    for (const value of data) {
      const [mine, theirs] = [charter.getSchema(ID)!, plain.getSchema(ID)!];
      expect(mine(value)).toBe(theirs(value));
      expect(mine.errors).toEqual(theirs.errors);
    }
    expect(charter.getSchema(ID)!(data[1])).toBe(false);
    expect(charter.getSchema(ID)!.errors?.map((e) => `${e.instancePath} ${e.keyword}`)).toEqual([
      " unevaluatedProperties",
    ]);
    expect(charter.getSchema(ID)!(data[2])).toBe(false);
    expect(charter.getSchema(ID)!.errors?.map((e) => `${e.instancePath} ${e.keyword}`)).toEqual([
      "/item/sku minLength",
      "/buyer unevaluatedProperties",
      "/note maxLength",
    ]);
  });
});

describe("code V8 refuses", () => {
  it("is reported at the function's first call as a failure to evaluate it, not as an error of the data", () => {
    const process = evaluateOnFirstCall();
    const maker = new Function("self", "scope", process("return function validate0(data) { return (; }")) as (
      self: unknown,
      scope: unknown,
    ) => (data: unknown) => boolean;
    const standIn = maker({ opts: { code: { process } } }, {});
    const thrown = (() => {
      try {
        standIn(1);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(thrown).toBeInstanceOf(EvaluationFailed);
    expect((thrown as EvaluationFailed).failure).toBeInstanceOf(SyntaxError);
  });
});
