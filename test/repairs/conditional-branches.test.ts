import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { fixtureSchema, fixtureTypes } from "./fixture-types.js";
import { typedLiterals } from "./typed-literals.js";

describe("conditional-branches: what either branch of an if/then/else refuses", () => {
  it("accepts every instance the schema accepts, and refuses those that fit neither branch", async () => {
    const types = await fixtureTypes("conditional-branches");
    const validate = new Ajv({ strict: false }).compile(fixtureSchema("conditional-branches"));
    const cases: [unknown, boolean][] = [
      [{ modules: [{ name: "a" }, "more.json"] }, true],
      [{ modules: [{ nme: "a" }] }, false],
      [{ modules: [3] }, false],
      [{ command: { global: true, key: "Ctrl+Shift+1" } }, true],
      [{ command: { global: false, key: "Alt+K", description: "d" } }, true],
      [{ command: { global: true, bogus: 1 } }, false],
      [{ extra: { name: "a" } }, true],
      [{ extra: 5 }, true],
      [{ extra: { nme: "a" } }, false],
      [{ note: { author: "a", date: "d" } }, true],
      [{ datasets: [], cases: [{ id: "a", dataset: "d" }], memo: { author: "a", more: 1 } }, true],
      [{ cases: [{ id: "a" }] }, true],
    ];
    // Each fits one branch, but the type cannot tell which branch a value takes (the condition is on two members).
    const branchUnknown: unknown[] = [{ datasets: [], cases: [{ id: "a" }] }, { cases: [{ id: "a", dataset: "d" }] }];
    expect(cases.map(([value]) => validate(value))).toEqual(cases.map(([, valid]) => valid));
    expect(branchUnknown.map((value) => validate(value))).toEqual([false, false]);
    const verdicts = typedLiterals(
      { "types.ts": types },
      "types.js",
      [...cases.map(([value]) => value), ...branchUnknown].map((value) => ({ type: "Fixture", value })),
    );
    // Every fault here is a member neither branch allows, or a kind neither branch accepts.
    expect(verdicts).toEqual([...cases.map(([, valid]) => valid), true, true]);
    // On a closed object, a misspelt key of a case the branches describe is refused (the branch's case object closes).
    const problems = [
      { datasets: [], cases: [{ id: "a", dataset: "d" }] },
      { datasets: [], cases: [{ id: "a", dataset: "d", datset: "typo" }] },
    ];
    const validateProblem = new Ajv({ strict: false }).compile({
      ...fixtureSchema("conditional-branches"),
      $ref: "#/definitions/problem",
    });
    expect(problems.map((value) => validateProblem(value))).toEqual([true, false]);
    expect(
      typedLiterals(
        { "types.ts": types },
        "types.js",
        problems.map((value) => ({ type: "Problem", value })),
      ),
    ).toEqual([true, false]);
  }, 30_000);
});
