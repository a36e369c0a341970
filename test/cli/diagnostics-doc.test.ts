import { describe, expect, it } from "vitest";
import { ALL_CODES } from "../../src/cli/all-codes.js";
import { RETIRED_CODES } from "../../src/pipeline/diagnostic-catalogue.js";
import { EXAMPLES } from "../../scripts/diagnostics-doc/examples.js";

// The page itself is compared with a fresh rendering by `npm run check`, which runs every example.
describe("the diagnostics catalogue", () => {
  it("gives every code once", () => {
    const codes = ALL_CODES.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^CH\d{3}$/);
  });

  it("never gives a retired code's number to a code in use", () => {
    expect(RETIRED_CODES.map((c) => c.code).filter((code) => ALL_CODES.some((c) => c.code === code))).toEqual([]);
    for (const { code } of RETIRED_CODES) expect(code).toMatch(/^CH\d{3}$/);
  });

  it("has an example, or the reason there is none, for every code and for nothing else", () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual(ALL_CODES.map((c) => c.code));
  });
});
