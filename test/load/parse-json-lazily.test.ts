import fc from "fast-check";
import { describe, expect, it } from "vitest";
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

  it.each([
    ["a syntax error", '{"a": 1,}'],
    ["a duplicate key", '{"a": 1, "a": 2}'],
    ["a number beyond a double", '{"a": 1e400}'],
    ["an integer that loses digits", '{"a": 12345678901234567890}'],
    ["nesting beyond the limit", '{"a":'.repeat(600) + "1" + "}".repeat(600)],
    ["nothing", ""],
    ["a byte-order mark", '\ufeff{\n"a": [1, 2]}'],
    ["an own __proto__ member", '{"__proto__": {"polluted": true}}'],
  ])("reports %s as the full reading does, with the same positions", (_, text) => {
    expect(observed(parseJsonSourceLazily(text, "s.json"))).toEqual(observed(parseJsonSource(text, "s.json")));
  });
});
