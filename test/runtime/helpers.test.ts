import fc from "fast-check";
import * as ajvEqual from "ajv/dist/runtime/equal.js";
import * as ajvUcs2length from "ajv/dist/runtime/ucs2length.js";
import { describe, expect, it } from "vitest";
import { deepEqual, ucs2length, ValidationError } from "../../packages/runtime/src/helpers.js";

// ajv's own helpers, which generated validators called before they imported the runtime's: the
// reference for every JSON value.
// CommonJS modules: the function is `module.exports.default`, which interop may nest once more.
const commonJsDefault = <T>(module: object): T => {
  const outer = (module as { default: { default?: T } & T }).default;
  return typeof outer === "function" ? outer : outer.default!;
};
const referenceEqual = commonJsDefault<(a: unknown, b: unknown) => boolean>(ajvEqual);
const referenceLength = commonJsDefault<(text: string) => number>(ajvUcs2length);

/** Nested arrays `depth` deep around `leaf`, built without recursion. */
function nested(depth: number, leaf: unknown): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

describe("ucs2length", () => {
  it("counts code points as ajv does, for any string, lone surrogates included", () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.oneof(
            fc.constant("\ud83d"),
            fc.constant("\ude00"),
            fc.constant("😀"),
            fc.constant("a"),
            fc.constant("é"),
          ),
        }),
        (text) => ucs2length(text) === referenceLength(text),
      ),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => ucs2length(text) === referenceLength(text)),
      { numRuns: 3000 },
    );
    expect([
      ucs2length(""),
      ucs2length("😀"),
      ucs2length("a😀b"),
      ucs2length("\ud83d"),
      ucs2length("\ude00\ud83d"),
    ]).toEqual([0, 1, 3, 1, 2]);
  });
});

describe("deepEqual", () => {
  it("agrees with ajv's equality on JSON values and on pairs made to be close", () => {
    const json = fc.jsonValue({ maxDepth: 4 });
    // Where ajv's equality throws (keys such as valueOf, next test), there is no reference answer.
    const reference = (a: unknown, b: unknown) => {
      try {
        return referenceEqual(a, b);
      } catch {
        return undefined;
      }
    };
    fc.assert(
      fc.property(json, json, (a, b) => [undefined, deepEqual(a, b)].includes(reference(a, b))),
      { numRuns: 3000 },
    );
    // Equal values in another key order, and values one change apart.
    fc.assert(
      fc.property(json, (a) => {
        const copy = JSON.parse(JSON.stringify(a)) as unknown;
        const reordered = JSON.parse(
          JSON.stringify(a, (_, v: unknown) =>
            v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v,
          ),
        ) as unknown;
        const changed = JSON.parse(JSON.stringify([a]).replace(/\d/, "7").replace(/true/, "false")) as unknown[];
        return (
          deepEqual(a, copy) &&
          deepEqual(a, reordered) &&
          [undefined, deepEqual(changed[0], a)].includes(reference(changed[0], a))
        );
      }),
      { numRuns: 2000 },
    );
  });

  it("tells apart what JSON tells apart", () => {
    const cases: [unknown, unknown, boolean][] = [
      [1, 1.0, true],
      [0, -0, true],
      [NaN, NaN, true],
      ["1", 1, false],
      [null, {}, false],
      [[], {}, false],
      [{ a: undefined }, {}, false],
      [{ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 }, true],
      [[1, 2], [2, 1], false],
      [{ a: 1 }, { a: 1, b: 2 }, false],
      [{ a: 1, b: 2 }, { a: 1, c: 2 }, false],
      [Object.assign(Object.create(null) as object, { a: 1 }), { a: 1 }, true],
      [new Date(0), {}, false],
    ];
    expect(cases.map(([a, b]) => deepEqual(a, b))).toEqual(cases.map(([, , equal]) => equal));
  });

  it("answers for objects whose keys are the names of Object.prototype's members, where ajv's equality throws", () => {
    const odd = JSON.parse(
      '{"valueOf": 1, "toString": {}, "__proto__": [1], "constructor": null, "hasOwnProperty": 2}',
    ) as unknown;
    const same = JSON.parse(
      '{"hasOwnProperty": 2, "constructor": null, "__proto__": [1], "toString": {}, "valueOf": 1}',
    ) as unknown;
    expect(() => referenceEqual(odd, same)).toThrow(TypeError);
    expect(deepEqual(odd, same)).toBe(true);
    expect(
      deepEqual(
        odd,
        JSON.parse('{"valueOf": 1, "toString": {}, "__proto__": [2], "constructor": null, "hasOwnProperty": 2}'),
      ),
    ).toBe(false);
    expect(deepEqual(odd, {})).toBe(false);
  });

  it("answers for data nested far deeper than the call stack, where a recursive equality throws", () => {
    const deep = nested(200_000, "x");
    expect(() => referenceEqual(deep, nested(200_000, "x"))).toThrow(RangeError);
    expect(deepEqual(deep, nested(200_000, "x"))).toBe(true);
    expect(deepEqual(deep, nested(200_000, "y"))).toBe(false);
    expect(deepEqual(deep, nested(199_999, "x"))).toBe(false);
  });

  it("ends on cyclic data, which JSON cannot be but a caller can pass", () => {
    const a: Record<string, unknown> = { n: 1 };
    a["self"] = a;
    const b: Record<string, unknown> = { n: 1 };
    b["self"] = { n: 1, self: b };
    const c: Record<string, unknown> = { n: 2 };
    c["self"] = c;
    expect(deepEqual(a, b)).toBe(true);
    expect(deepEqual(a, c)).toBe(false);
  });

  it("compares wide values without recursion or quadratic work", () => {
    const wide = Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [`k${i}`, i]));
    expect(deepEqual(wide, { ...wide })).toBe(true);
    expect(deepEqual(wide, { ...wide, k5: -1 })).toBe(false);
  });
});

describe("ValidationError", () => {
  it("is what ajv's async validators throw: an Error carrying the violations, marked as ajv's", () => {
    const error = new ValidationError([{ keyword: "type" }]);
    expect(error).toBeInstanceOf(Error);
    expect([error.message, error.ajv, error.validation, error.errors]).toEqual([
      "validation failed",
      true,
      true,
      [{ keyword: "type" }],
    ]);
  });
});
