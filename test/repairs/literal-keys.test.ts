import { describe, expect, it } from "vitest";
import { literalKeys } from "../../src/repairs/literal-keys.js";

/** Every string of up to `length` characters from `alphabet` the pattern matches (as ajv tests it: u flag). */
function bruteForce(pattern: string, alphabet: string[], length: number): string[] {
  const regex = new RegExp(pattern, "u");
  let layer = [""];
  const all = [""];
  for (let i = 0; i < length; i += 1) {
    layer = layer.flatMap((prefix) => alphabet.map((char) => prefix + char));
    all.push(...layer);
  }
  return all.filter((s) => regex.test(s)).sort();
}

describe("literalKeys: the keys a pattern spells out", () => {
  it("lists exactly the strings the pattern matches", () => {
    const cases: [string, string[]][] = [
      ["^(ab|Ab)$", ["a", "A", "b", "x"]],
      ["^[Aa]b?$", ["a", "A", "b", "x"]],
      ["^(c|m)?js$", ["c", "m", "j", "s", "x"]],
      ["^a(-b)?$", ["a", "-", "b"]],
      ["^\\+$", ["+", "a"]],
      ["^(?:x|y)z$", ["x", "y", "z"]],
      ["^a?$", ["a", "b"]],
    ];
    for (const [pattern, alphabet] of cases) {
      const keys = literalKeys(pattern);
      expect(keys, pattern).toBeDefined();
      expect([...keys!].sort(), pattern).toEqual(bruteForce(pattern, alphabet, 4));
    }
  });

  it("refuses patterns whose keys it cannot list", () => {
    for (const pattern of ["^a|b$", "a", "^a", "b$", "^\\d$", "^[a-z]$", "^[^a]$", "^a*$", "^a+$", "^a{2}$", "^(?!a)b$", "^(?<n>a)$", "^a??$", "^.$", "^a\\$", "^\\w$"]) {
      expect(literalKeys(pattern), pattern).toBeUndefined();
    }
  });

  it("stops at the limit", () => {
    expect(literalKeys("^[ab][ab][ab]$", 8)).toHaveLength(8);
    expect(literalKeys("^[ab][ab][ab][ab]$", 8)).toBeUndefined();
  });
});
