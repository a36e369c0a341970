import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { getAtPointer, joinPointer, splitPointer } from "../../src/core/json-pointer.js";

describe("JSON pointers (RFC 6901)", () => {
  it("read `~1` as `/` and `~0` as `~`, in that order: `~01` is `~1`", () => {
    expect(splitPointer("/a~1b/c~0d/~01/plain")).toEqual(["a/b", "c~d", "~1", "plain"]);
    expect(getAtPointer({ "a/b": { "~1": 7 } }, "/a~1b/~01")).toBe(7);
  });

  it("split what they join, whatever the keys", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: fc.constantFrom("a", "~", "/", "0", "1", "é") })), (keys) => {
        const pointer = keys.reduce((at, key) => joinPointer(at, key), "");
        expect(splitPointer(pointer)).toEqual(keys);
      }),
      { numRuns: 500, seed: 34 },
    );
  });
});
