/**
 * Data never crashes the runtime: every contract of this repository (and every definition it
 * exports), bound as a downstream client binds them, gets hostile values (nested hundreds of
 * thousands deep, thousands wide, strings of megabytes, keys every object inherits, lone
 * surrogates, shapes close to valid) and answers each with a verdict, never an exception, and
 * never changes Object.prototype. With `errors: "first"` and "all", and through every entry point.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bindContracts, isTooDeep } from "charter-runtime";
import { registry } from "../../generated/validators/index.js";
import { rules } from "../../examples/typed-client/src/rules.js";

/** Deep values built by loops: fast-check's own recursion would overflow before the validator does. */
function nested(depth: number, kind: "array" | "object" | "mixed", leaf: unknown): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++)
    value =
      kind === "array" || (kind === "mixed" && i % 2 === 0)
        ? [value]
        : { allOf: [value], [`k${i % 3}`]: value === leaf ? leaf : 1 };
  return value;
}

const oddKey = fc.constantFrom(
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "",
  "\ud800",
  "a\u0000b",
  "$ref",
  "x-charter-rules",
);
const oddString = fc.oneof(
  fc.string(),
  fc.constantFrom("\ud800", "\udfff", "a\ud800b", "\u2028", "😀".repeat(3), ""),
  fc.integer({ min: 1, max: 3 }).map((mb) => "ab".repeat(mb * 500_000)),
);
const scalar = fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.double({ noNaN: true }), oddString);
/** Objects parsed from JSON, as data arrives: a `__proto__` key is then an own property, not a prototype. */
const oddObject = fc.dictionary(oddKey, scalar, { maxKeys: 6 }).map((o) => JSON.parse(JSON.stringify(o)) as unknown);
const hostile = fc.oneof(
  scalar,
  oddObject,
  fc.array(scalar, { maxLength: 5 }),
  fc
    .tuple(
      fc.integer({ min: 1_000, max: 200_000 }),
      fc.constantFrom("array", "object", "mixed") as fc.Arbitrary<"array" | "object" | "mixed">,
      scalar,
    )
    .map(([depth, kind, leaf]) => nested(depth, kind, leaf)),
  fc
    .integer({ min: 1_000, max: 20_000 })
    .map((width) => Object.fromEntries(Array.from({ length: width }, (_, i) => [`p${i}`, i % 2 === 0 ? "x" : { i }]))),
  fc
    .integer({ min: 1_000, max: 50_000 })
    .map((length) => Array.from({ length }, (_, i) => (i % 3 === 0 ? null : { i }))),
);

const NAMES = Object.keys(registry).sort() as (keyof typeof registry)[];

describe("hostile data", () => {
  it.each(["all", "first"] as const)(
    "gets a verdict from every contract, never an exception, and leaves Object.prototype alone (errors: %s)",
    { timeout: 600_000 },
    async (errors) => {
      const runtime = bindContracts(registry, { rules, errors });
      const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...NAMES), hostile, async (name, value) => {
          const result = await runtime.validate(name, value);
          expect(typeof result.ok).toBe("boolean");
          if (!result.ok) {
            expect(result.errors.length).toBeGreaterThan(0);
            for (const error of result.errors)
              expect(typeof error.message === "string" || error.message === undefined).toBe(true);
          }
          expect(typeof (await runtime.isValid(name, value))).toBe("boolean");
          const asserted = await runtime.assertValid(name, value).then(
            () => "valid",
            (error: Error) => error.name,
          );
          expect(["valid", "ContractViolation"]).toContain(asserted);
          const loaded = await runtime.load(name);
          expect(typeof loaded.validate(value).ok).toBe("boolean");
        }),
        { numRuns: 120, seed: 20261202 },
      );
      expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
      expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    },
  );

  it("answers data nested 200,000 deep from every contract without throwing: accepted only where the schema does not look inside", async () => {
    const runtime = bindContracts(registry, { rules });
    const deep = nested(200_000, "mixed", "x");
    // Summaries, not the results: printing a 200,000-deep value would overflow the test's own reporter.
    const verdicts = await Promise.all(
      NAMES.map(async (name) => {
        const result = await runtime.validate(name, deep);
        return `${name}: ${result.ok ? "valid" : isTooDeep(result.errors) ? "too deep" : "invalid"}`;
      }),
    );
    // Contracts whose schema accepts any object there (a JSON Schema slot) do not descend, and accept it.
    expect(verdicts.filter((v) => v.endsWith("valid") && !v.endsWith("invalid"))).toEqual([
      "charter/config#/$defs/validationPolicy: valid",
      "problems/schema-slot: valid",
      "problems/schema-slot#/$defs/inlineSchema: valid",
      "problems/semantics#/$defs/ruleSet: valid",
    ]);
    expect(verdicts).toHaveLength(NAMES.length);
  });
});
