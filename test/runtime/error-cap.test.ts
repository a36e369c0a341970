/**
 * The error cap (`maxErrors`): an `errors: "all"` check lists at most the limit's violations and
 * ends the list with one ERRORS_CUT_KEYWORD, because the generated all-errors validator stops
 * collecting there; the verdict never depends on it.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import {
  bindContracts,
  ContractViolation,
  DEFAULT_MAX_ERRORS,
  ERRORS_CUT_KEYWORD,
  isCut,
  type Registry,
} from "charter-runtime";
import { generateImportable } from "../helpers/generate-importable.js";

const SOURCES = {
  "src/order.yaml": [
    "type: object",
    "additionalProperties: false",
    "properties:",
    "  id: { type: string }",
    "  lines: { type: array, items: { $ref: '#/$defs/line' } }",
    "$defs:",
    "  line: { type: object, required: [sku], properties: { sku: { type: string } } }",
    "",
  ].join("\n"),
};

async function registry(): Promise<Registry> {
  const { outDir, result } = await generateImportable(SOURCES);
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return ((await import(pathToFileURL(path.join(outDir, "validators/index.js")).href)) as { registry: Registry })
    .registry;
}

/** An order with `extra` keys no property declares. */
function wide(extra: number): Record<string, unknown> {
  const order: Record<string, unknown> = { id: "A-1" };
  for (let i = 0; i < extra; i++) order[`k${i}`] = i;
  return order;
}

describe("the runtime's error cap", () => {
  it(`lists ${DEFAULT_MAX_ERRORS} violations by default and a marker, for an object with 1,000,000 unexpected keys`, async () => {
    const runtime = bindContracts(await registry());
    const result = await runtime.validate("order", wide(1_000_000));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toHaveLength(DEFAULT_MAX_ERRORS + 1);
    expect(result.errors.slice(0, -1).every((e) => e.keyword === "additionalProperties")).toBe(true);
    expect(result.errors.at(-1)).toMatchObject({ keyword: ERRORS_CUT_KEYWORD, pointer: "", params: { limit: 100 } });
    expect(isCut(result.errors)).toBe(true);
    expect(await runtime.isValid("order", wide(1_000_000))).toBe(false);
  });

  it("keeps a list within the limit whole, and counts violations in referenced definitions", async () => {
    const runtime = bindContracts(await registry(), { maxErrors: 5 });
    const five = await runtime.validate("order", { id: "A-1", lines: [{}, {}, {}, {}, {}] });
    expect(five.ok || five.errors.map((e) => e.pointer)).toEqual([
      "/lines/0",
      "/lines/1",
      "/lines/2",
      "/lines/3",
      "/lines/4",
    ]);
    const six = await runtime.validate("order", { id: "A-1", lines: [{}, {}, {}, {}, {}, {}] });
    expect(six.ok || six.errors.map((e) => e.keyword)).toEqual([...Array(5).fill("required"), ERRORS_CUT_KEYWORD]);
    await expect(runtime.assertValid("order", wide(50))).rejects.toSatisfy(
      (error) => error instanceof ContractViolation && error.errors.length === 6 && isCut(error.errors),
    );
  });

  it("lists every violation with maxErrors: Infinity, and leaves errors: first as it was", async () => {
    const every = bindContracts(await registry(), { maxErrors: Infinity });
    const all = await every.validate("order", wide(1000));
    expect(all.ok || [all.errors.length, isCut(all.errors)]).toEqual([1000, false]);
    const first = bindContracts(await registry(), { errors: "first", maxErrors: 1 });
    const one = await first.validate("order", wide(1000));
    expect(one.ok || one.errors.map((e) => e.keyword)).toEqual(["additionalProperties"]);
  });

  it("judges valid data as before, and leaves the generated validator as ajv's when called directly", async () => {
    const reg = await registry();
    const runtime = bindContracts(reg, { maxErrors: 1 });
    expect(await runtime.validate("order", { id: "A-1", lines: [{ sku: "x" }] })).toEqual({
      ok: true,
      value: { id: "A-1", lines: [{ sku: "x" }] },
    });
    await runtime.validate("order", wide(10));
    // The limit is set around the runtime's own calls only.
    const direct = (await reg["order"]!.load())[reg["order"]!.exportName] as ((data: unknown) => boolean) & {
      errors: unknown[];
    };
    expect(direct(wide(10))).toBe(false);
    expect(direct.errors).toHaveLength(10);
  });

  it("refuses a limit that is not a positive integer or Infinity", async () => {
    const reg = await registry();
    for (const bad of [0, -1, 1.5, NaN, "10"])
      expect(() => bindContracts(reg, { maxErrors: bad as number })).toThrow(
        /^charter runtime: maxErrors must be a positive integer \(violations listed\) or Infinity \(every one\), got /,
      );
  });
});
