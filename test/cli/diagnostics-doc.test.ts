import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ALL_CODES, renderDiagnosticsDoc } from "../../src/cli/diagnostics-doc.js";

describe("the diagnostics catalogue", () => {
  it("gives every code once", () => {
    const codes = ALL_CODES.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^CH\d{3}$/);
  });

  it("is documented in docs/diagnostics.md exactly as the code defines it (npm run docs:diagnostics)", () => {
    expect(readFileSync(new URL("../../docs/diagnostics.md", import.meta.url), "utf8")).toBe(renderDiagnosticsDoc());
  });
});
