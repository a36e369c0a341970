import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JSON_EDGE_CASES } from "../helpers/json-edge-cases.js";
import { parseJsonSourceLazily } from "../../src/compiler/load/parse-json-lazily.js";
import { parseJsonSource } from "../../src/compiler/load/parse-json-source.js";

/** What a reading gives, with both maps of positions as lists (a lazy map is read through its interface). */
function observed(result: ReturnType<typeof parseJsonSource>) {
  const { parsed, diagnostics } = result;
  return {
    diagnostics,
    value: parsed?.value,
    positions: parsed ? [...parsed.positions] : undefined,
    keyPositions: parsed ? [...parsed.keyPositions.entries()] : undefined,
    prototype:
      parsed && parsed.value !== null && typeof parsed.value === "object"
        ? Object.getPrototypeOf(parsed.value)
        : undefined,
  };
}

describe("parseJsonSourceLazily", () => {
  it("gives a source's value and every position as the full reading does", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(0, 2, "\t"), (value, indent) => {
        const text = JSON.stringify(value, null, indent);
        expect(observed(parseJsonSourceLazily(text, "s.json"))).toEqual(observed(parseJsonSource(text, "s.json")));
      }),
      { numRuns: 300, seed: 34 },
    );
  });

  it("answers a single position, a missing one and the size as the full reading does", () => {
    const text = '{\n  "properties": {\n    "a/b": { "type": "string" }\n  }\n}';
    const lazy = parseJsonSourceLazily(text, "s.json").parsed!;
    const full = parseJsonSource(text, "s.json").parsed!;
    expect(lazy.keyPositions.get("/properties/a~1b")).toEqual({ line: 3, column: 5 });
    expect(lazy.positions.get("/properties/a~1b/type")).toEqual(full.positions.get("/properties/a~1b/type"));
    expect(lazy.positions.has("/nothing")).toBe(false);
    expect(lazy.positions.size).toBe(full.positions.size);
    // Serialized, as a task input or a cache key may be, it is what a Map gives.
    expect(JSON.stringify(lazy.positions)).toBe(JSON.stringify(full.positions));
  });

  it.each(JSON_EDGE_CASES)("reports %s as the full reading does, with the same positions", (_, text) => {
    expect(observed(parseJsonSourceLazily(text, "s.json"))).toEqual(observed(parseJsonSource(text, "s.json")));
  });

  it.each(JSON_EDGE_CASES)(
    "reads %s again, where it was plain, from JSON.parse and the findings kept, as the full reading does",
    (_, text) => {
      const first = parseJsonSourceLazily(text, "first.json");
      if (first.plain === undefined) return;
      // Kept with the text's digest, which another file may have: the findings are placed in this one.
      const again = parseJsonSourceLazily(text, "s.json", first.plain);
      expect(again.plain).toEqual(again.diagnostics);
      expect(observed(again)).toEqual(observed(parseJsonSource(text, "s.json")));
    },
  );

  it("takes a number beyond a double as plain, with its finding; a duplicate key never", () => {
    const wide = '{\n  "maximum": 9223372036854775807\n}';
    const read = parseJsonSourceLazily(wide, "s.json");
    expect(read.plain).toEqual([expect.objectContaining({ code: "CH110", line: 2, column: 14, severity: "warning" })]);
    expect(read.diagnostics).toEqual(read.plain);
    expect(parseJsonSourceLazily('{ "a": 1, "a": 2 }', "s.json").plain).toBeUndefined();
  });
});
