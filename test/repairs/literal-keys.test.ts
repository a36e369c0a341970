import { describe, expect, it } from "vitest";
import { finitePatternType, literalKeys, literalPrefixes } from "../../src/repairs/support/literal-keys.js";

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
    for (const pattern of [
      "^a|b$",
      "a",
      "^a",
      "b$",
      "^\\d$",
      "^[a-z]$",
      "^[^a]$",
      "^a*$",
      "^a+$",
      "^a{2}$",
      "^(?!a)b$",
      "^(?<n>a)$",
      "^a??$",
      "^.$",
      "^a\\$",
      "^\\w$",
    ]) {
      expect(literalKeys(pattern), pattern).toBeUndefined();
    }
  });

  it("stops at the limit", () => {
    expect(literalKeys("^[ab][ab][ab]$", 8)).toHaveLength(8);
    expect(literalKeys("^[ab][ab][ab][ab]$", 8)).toBeUndefined();
  });
});

describe("literalPrefixes: what every match starts with", () => {
  it("names prefixes that every matching string has, and no empty one", () => {
    const cases: [string, string[], string[]][] = [
      ["^command:[a-z]+$", ["command:"], ["c", "o", "m", "a", "n", "d", ":", "x"]],
      ["^https?://", ["http://", "https://"], ["h", "t", "p", "s", ":", "/"]],
      ["^\\[(.*)\\]$", ["["], ["[", "]", "a"]],
      ["^a(b|c)d*e", ["ab", "ac"], ["a", "b", "c", "d", "e"]],
    ];
    for (const [pattern, expected, alphabet] of cases) {
      const prefixes = literalPrefixes(pattern);
      expect(prefixes, pattern).toEqual(expected);
      const regex = new RegExp(pattern, "u");
      let layer = [""];
      for (let i = 0; i < 9; i += 1) {
        layer = layer
          .flatMap((prefix) => alphabet.map((char) => prefix + char))
          .filter((s) => expected.some((p) => p.startsWith(s) || s.startsWith(p)) || s.length < 3);
        for (const s of layer)
          if (regex.test(s))
            expect(
              prefixes!.some((p) => s.startsWith(p)),
              `${pattern} matches ${s}`,
            ).toBe(true);
      }
    }
  });

  it("knows nothing of unanchored patterns, a top-level alternation, or a start it cannot read", () => {
    for (const pattern of ["command:", "^a|b", "^(a|b)|c", "^[a-z]+", "^\\d", "^.x", "^a*b", "^x?y"]) {
      const prefixes = literalPrefixes(pattern);
      if (pattern === "^x?y") expect(prefixes).toEqual(["y", "xy"]);
      else expect(prefixes, pattern).toBeUndefined();
    }
  });
});

describe("finitePatternType: a finite pattern as a TypeScript type", () => {
  it("writes unions of literals inside template literals, and refuses what it cannot bound", () => {
    expect(finitePatternType("^(ab|c)$")).toBe('"ab" | "c"');
    expect(finitePatternType("^[Aa]b?$")).toBe('`${"A" | "a"}${"" | "b"}`');
    expect(finitePatternType("^x`\\$\\{y\\}$")).toBe('"x`${y}"');
    expect(finitePatternType("^a[`b]$")).toBe('`a${"`" | "b"}`');
    expect(finitePatternType("^a+$")).toBeUndefined();
    expect(finitePatternType("^[ab][ab][ab]$", 7)).toBeUndefined();
  });
});
