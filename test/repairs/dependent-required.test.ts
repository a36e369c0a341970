import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { fixtureSchema, fixtureTypes } from "./fixture-types.js";
import { combinations, typedLiterals } from "./typed-literals.js";

describe("dependent-required: members another member requires", () => {
  it("accepts every instance the schema accepts, and refuses each that lacks what a present member requires", async () => {
    const types = await fixtureTypes("dependent-required");
    const validate = new Ajv2020({ strict: false }).compile(fixtureSchema("dependent-required"));
    const instances = combinations({
      card: [undefined, "c"],
      billing: [undefined, "b"],
      coupon: [undefined, true],
      code: [undefined, "x"],
      expires: [undefined, "e"],
    });
    const valid = instances.map((instance) => validate(instance) as boolean);
    const verdicts = typedLiterals(
      { "types.ts": types },
      "types.js",
      instances.map((value) => ({ type: "Fixture", value })),
    );
    expect(verdicts).toEqual(valid);
    expect(valid.filter((v) => !v).length).toBeGreaterThan(0);
  }, 30_000);

  it("reads the rule from draft-07's dependencies", async () => {
    const types = await fixtureTypes("dependent-required", undefined, "draft-07.yaml");
    const validate = new Ajv({ strict: false }).compile(fixtureSchema("dependent-required", "draft-07.yaml"));
    const instances = combinations({ card: [undefined, "c"], billing: [undefined, "b"] });
    const verdicts = typedLiterals(
      { "types.ts": types },
      "types.js",
      instances.map((value) => ({ type: "Fixture", value })),
    );
    expect(verdicts).toEqual(instances.map((instance) => validate(instance) as boolean));
  }, 30_000);
});
