import { describe, expect, it } from "vitest";
import { applyTextEdits } from "../../src/repairs/support/text-edits.js";

describe("applyTextEdits", () => {
  it("makes every edit at its offset in the original text, whatever order they came in", () => {
    const text = "a?: X;\n__p_type?: Y;\n";
    const edits = [
      { start: 7, end: 11, text: "" },
      { start: 0, end: 0, text: "readonly " },
      { start: 7, end: 7, text: "readonly " },
    ];
    expect(applyTextEdits(text, edits)).toBe("readonly a?: X;\nreadonly type?: Y;\n");
    expect(applyTextEdits(text, [...edits].reverse())).toBe("readonly a?: X;\nreadonly type?: Y;\n");
  });

  it("refuses edits that overlap", () => {
    expect(() =>
      applyTextEdits("abcdef", [
        { start: 1, end: 4, text: "" },
        { start: 3, end: 5, text: "x" },
      ]),
    ).toThrow(/overlapping/);
  });
});
