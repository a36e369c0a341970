import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JSON_EDGE_CASES } from "../helpers/json-edge-cases.js";
import { parseJsonData } from "../../src/compiler/load/parse-json-data.js";
import { parseJsonSource } from "../../src/compiler/load/parse-json-source.js";

/** Every pointer of a value, the root's first. */
function pointersOf(value: unknown, pointer = ""): string[] {
  const escape = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");
  if (Array.isArray(value)) return [pointer, ...value.flatMap((v, i) => pointersOf(v, `${pointer}/${i}`))];
  if (value !== null && typeof value === "object")
    return [pointer, ...Object.entries(value).flatMap(([k, v]) => pointersOf(v, `${pointer}/${escape(k)}`))];
  return [pointer];
}

describe("parseJsonData", () => {
  it("gives the value, and the positions a report asks for, as the full reading does", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(0, 1, 2, "\t"), (value, indent) => {
        const text = JSON.stringify(value, null, indent);
        const full = parseJsonSource(text, "d.json").parsed!;
        const { data } = parseJsonData(text, "d.json");
        expect(data!.parsed.value).toEqual(full.value);
        const pointers = pointersOf(full.value);
        data!.locate(pointers);
        for (const pointer of pointers) {
          expect(data!.parsed.positions.get(pointer), pointer).toEqual(full.positions.get(pointer));
          if (full.keyPositions.has(pointer))
            expect(data!.parsed.keyPositions.get(pointer), pointer).toEqual(full.keyPositions.get(pointer));
        }
      }),
      { numRuns: 300, seed: 35 },
    );
  });

  it("finds only what is asked: the places of one member deep in a large array, and their ancestors", () => {
    const text = `{"items":[\n${Array.from({ length: 1000 }, (_, i) => `{"id":${i}}`).join(",\n")}\n]}`;
    const { data } = parseJsonData(text, "d.json");
    data!.locate(["/items/500/id"]);
    expect(data!.parsed.positions.get("/items/500/id")).toEqual({ line: 502, column: 7 });
    expect(data!.parsed.keyPositions.get("/items/500/id")).toEqual({ line: 502, column: 2 });
    expect(data!.parsed.positions.get("/items/500")).toEqual({ line: 502, column: 1 });
    expect(data!.parsed.positions.get("")).toEqual({ line: 1, column: 1 });
    expect(data!.parsed.positions.size).toBe(4);
  });

  it.each(JSON_EDGE_CASES)("reports %s as the full reading does", (_, text) => {
    const full = parseJsonSource(text, "d.json");
    const fast = parseJsonData(text, "d.json");
    expect(fast.diagnostics).toEqual(full.diagnostics);
    expect(fast.data?.parsed.value).toEqual(full.parsed?.value);
    if (full.parsed) expect(Object.getPrototypeOf(fast.data!.parsed.value)).toBe(Object.prototype);
  });
});
