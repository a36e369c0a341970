import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { REPAIRS } from "../../src/repairs/registry.js";
import { fixtureSchema, fixtureTypes } from "./fixture-types.js";
import { typedLiterals } from "./typed-literals.js";

describe("object-intersections: unknown keys in an object that is one of several closed ones", () => {
  it("refuses an unknown key at any depth, as the schema does, and accepts what it accepts", async () => {
    const instances = [
      {},
      { queues: { batchSize: 1 } },
      { version: "2.0" },
      { queues: { batchSize: 1, bacthSize: 2 } },
      { queues: { batchSize: 1 }, extra: true },
      { version: "2.0", extra: true },
    ];
    const ajv = new Ajv({ strict: false });
    const validate = ajv.compile(fixtureSchema("object-intersections"));
    const valid = instances.map((instance) => validate(instance) as boolean);
    expect(valid).toEqual([true, true, true, false, false, false]);
    const literals = instances.map((value) => ({ type: "Fixture", value }));
    expect(typedLiterals({ "types.ts": await fixtureTypes("object-intersections") }, "types.js", literals)).toEqual(
      valid,
    );
    // Without the repair, the index signature beside the union lets the nested misspelling through.
    const without = typedLiterals(
      {
        "types.ts": await fixtureTypes(
          "object-intersections",
          REPAIRS.filter((r) => r.id !== "object-intersections"),
        ),
      },
      "types.js",
      literals,
    );
    expect(without[3]).toBe(true);
  }, 30_000);

  it("leaves the index signature off an object's own members when every alternative closes the object", async () => {
    const instances = [
      { version: "2.0" },
      { queues: {} },
      { version: "2.0", extra: true },
      { queues: { batchSize: 1, bacthSize: 2 } },
    ];
    const validate = new Ajv({ strict: false }).compile({
      ...fixtureSchema("object-intersections"),
      $ref: "#/definitions/versioned",
    });
    expect(instances.map((instance) => validate(instance))).toEqual([true, true, false, false]);
    const literals = instances.map((value) => ({ type: "Versioned", value }));
    expect(typedLiterals({ "types.ts": await fixtureTypes("object-intersections") }, "types.js", literals)).toEqual([
      true,
      true,
      false,
      false,
    ]);
    const without = typedLiterals(
      {
        "types.ts": await fixtureTypes(
          "object-intersections",
          REPAIRS.filter((r) => r.id !== "object-intersections"),
        ),
      },
      "types.js",
      literals,
    );
    expect(without).toEqual([true, true, true, true]);
  }, 30_000);
});
