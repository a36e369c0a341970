import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, expectTypeOf, it } from "vitest";
import { bindContracts, ContractViolation, RULE_KEYWORD, type Registry, type RegistryEntry } from "charter-runtime";
import { CHARTER_KEYWORD } from "../../src/schema/keywords.js";
import { generateImportable } from "../helpers/generate-importable.js";
import { TRIP_SOURCE } from "../helpers/client-programs.js";

const TRIP = { "src/trip.yaml": TRIP_SOURCE };

async function tripRegistry(): Promise<{ registry: Registry; outDir: string }> {
  const { outDir, result } = await generateImportable(TRIP);
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  const module = (await import(pathToFileURL(path.join(outDir, "validators/index.js")).href)) as { registry: Registry };
  return { registry: module.registry, outDir };
}

interface Trip {
  start: number;
  end: number;
  stops?: number[];
}
const endAfterStart = (trip: Trip) => trip.end > trip.start;
const stopsInOrder = (trip: Trip) =>
  (trip.stops ?? []).flatMap((stop, i, all) =>
    i > 0 && stop < all[i - 1]! ? [{ pointer: `/stops/${i}`, message: `stop ${stop} comes before ${all[i - 1]}` }] : [],
  );

describe("the rules keyword", () => {
  it("is spelled alike by the runtime, which imports nothing of the compiler, and by the compiler", () => {
    expect(RULE_KEYWORD).toBe(CHARTER_KEYWORD.rules);
  });
});

describe("declared rules", () => {
  it("are listed in the manifest and typed by id in the registry's declarations", async () => {
    const { outDir } = await tripRegistry();
    const manifest = JSON.parse(readFileSync(path.join(outDir, "manifest.json"), "utf8")) as {
      contracts: { rules?: unknown }[];
    };
    expect(manifest.contracts[0]!.rules).toEqual({
      "end-after-start": "`end` is later than `start`.",
      "stops-in-order": "Stops are visited in increasing order.",
    });
    expect(readFileSync(path.join(outDir, "validators/index.d.ts"), "utf8")).toContain(
      'readonly "trip": RegistryEntry<Trip, "end-after-start" | "stops-in-order">;',
    );
  });

  it("run inside validate after the schema accepted the data, reported like schema violations", async () => {
    const { registry } = await tripRegistry();
    const trips = bindContracts(registry, {
      rules: { trip: { "end-after-start": endAfterStart, "stops-in-order": stopsInOrder } } as never,
    });
    expect(await trips.validate("trip", { start: 1, end: 5, stops: [2, 3] })).toEqual({
      ok: true,
      value: { start: 1, end: 5, stops: [2, 3] },
    });
    const result = await trips.validate("trip", { start: 9, end: 5, stops: [4, 2, 3, 1] });
    expect(result).toEqual({
      ok: false,
      errors: [
        {
          pointer: "",
          keyword: "x-charter-rules",
          message: "`end` is later than `start`.",
          schemaPath: "#/x-charter-rules/end-after-start",
          params: { rule: "end-after-start" },
        },
        {
          pointer: "/stops/1",
          keyword: "x-charter-rules",
          message: "stop 2 comes before 4",
          schemaPath: "#/x-charter-rules/stops-in-order",
          params: { rule: "stops-in-order" },
        },
        {
          pointer: "/stops/3",
          keyword: "x-charter-rules",
          message: "stop 1 comes before 3",
          schemaPath: "#/x-charter-rules/stops-in-order",
          params: { rule: "stops-in-order" },
        },
      ],
    });
    expect(await trips.isValid("trip", { start: 9, end: 5 })).toBe(false);
    const thrown = await trips.assertValid("trip", { start: 9, end: 5 }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(ContractViolation);
    expect((thrown as ContractViolation).errors.map((e) => e.params["rule"])).toEqual(["end-after-start"]);
  });

  it("never see data the schema refused", async () => {
    const { registry } = await tripRegistry();
    const seen: unknown[] = [];
    const trips = bindContracts(registry, {
      rules: { trip: { "end-after-start": (t: Trip) => (seen.push(t), true), "stops-in-order": () => true } } as never,
    });
    const result = await trips.validate("trip", { start: "9", end: 5 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.map((e) => e.keyword)).toEqual(["type"]);
    expect(seen).toEqual([]);
  });

  it("must all be registered, and only they: binding refuses otherwise", async () => {
    const { registry } = await tripRegistry();
    expect(() => bindContracts(registry)).toThrow(
      "charter runtime: rules do not match the contracts: trip declares rules end-after-start, stops-in-order with no function registered",
    );
    expect(() =>
      bindContracts(registry, {
        rules: {
          trip: { "end-after-start": endAfterStart, "stops-in-order": stopsInOrder, "no-such": () => true },
        } as never,
      }),
    ).toThrow("trip declares no rule no-such");
    expect(() =>
      bindContracts(registry, {
        rules: { trip: { "end-after-start": endAfterStart, "stops-in-order": stopsInOrder }, ghost: {} } as never,
      }),
    ).toThrow('rules are registered for "ghost", which is not in the registry');
  });

  it("are skipped on request, for tools that check data without the application's code", async () => {
    const { registry } = await tripRegistry();
    const trips = bindContracts(registry, { skipRules: true });
    expect(await trips.isValid("trip", { start: 9, end: 5 })).toBe(true);
    expect(trips.rulesOf("trip")).toEqual({
      "end-after-start": "`end` is later than `start`.",
      "stops-in-order": "Stops are visited in increasing order.",
    });
  });

  it("refuse a result that is neither a boolean nor a list of findings", async () => {
    const { registry } = await tripRegistry();
    const trips = bindContracts(registry, {
      rules: { trip: { "end-after-start": () => undefined, "stops-in-order": () => true } } as never,
    });
    await expect(trips.validate("trip", { start: 1, end: 2 })).rejects.toThrow(
      "rule end-after-start of trip returned undefined; a rule returns true, false or a list of findings",
    );
  });

  it("make the registration's keys exactly the declared ids, typed by the contract", () => {
    // Checked by the compiler (tsc --noEmit runs over the tests); never called.
    const typeOnly = (registry: {
      readonly trip: RegistryEntry<Trip, "end-after-start">;
      readonly plain: RegistryEntry<string>;
    }) => {
      bindContracts(registry, {
        rules: {
          trip: {
            "end-after-start": (trip) => {
              expectTypeOf(trip).toEqualTypeOf<Trip>();
              return trip.end > trip.start;
            },
          },
        },
      });
      // @ts-expect-error the contract declares rules, so they must be registered
      bindContracts(registry);
      // @ts-expect-error a declared rule is missing
      bindContracts(registry, { rules: { trip: {} } });
      // @ts-expect-error an undeclared rule is registered
      bindContracts(registry, { rules: { trip: { "end-after-start": () => true, "end-before-start": () => true } } });
      // @ts-expect-error a contract without rules takes none
      bindContracts(registry, { rules: { trip: { "end-after-start": () => true }, plain: {} } });
      bindContracts({ plain: registry.plain });
    };
    expect(typeof typeOnly).toBe("function");
  });
});
