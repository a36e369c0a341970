import { describe, expect, it } from "vitest";
import { matchesEveryKey } from "../../src/repairs/pattern-properties-open.js";

// Keys a pattern meant for "any key" may still refuse: empty, line terminators, astral characters.
const KEYS = ["", "a", "a\nb", "\r\n", "\u2028", "x-y", "😀", "__proto__"];

describe("pattern-properties-open: patterns every key matches", () => {
  it("claims a pattern only when ajv's regular expression (u flag) matches every key, and refuses the near misses", () => {
    const claimed = ["", "^", "$", ".*", "^.*", ".*$", "[\\s\\S]*", "^[\\s\\S]*$", "[^]*", "^[^]*$"];
    for (const pattern of claimed) {
      expect(matchesEveryKey(pattern), pattern).toBe(true);
      expect(
        KEYS.filter((key) => !new RegExp(pattern, "u").test(key)),
        pattern,
      ).toEqual([]);
    }
    for (const pattern of ["^.*$", "^.+$", ".+", ".", "^x-", "^[a-z]*$"]) {
      expect(matchesEveryKey(pattern), pattern).toBe(false);
      expect(
        KEYS.some((key) => !new RegExp(pattern, "u").test(key)),
        pattern,
      ).toBe(true);
    }
  });
});
