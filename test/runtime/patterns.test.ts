import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
// The built package, as generated validators import it: the engine switch is that module's state.
import { pattern, usePatternEngine } from "charter-runtime/patterns";
import { compileLinear, linearPattern, patternsLeftToRegExp, toRe2, UnsupportedPattern } from "charter-runtime/re2js";
import { generateImportable } from "../helpers/generate-importable.js";

afterEach(() => usePatternEngine(undefined));

describe("the linear pattern engine", () => {
  it("judges ^(a+)+$ on 10,000 a's and a b in well under a second, where RegExp does not finish", () => {
    const started = performance.now();
    expect(linearPattern("^(a+)+$", "u").test("a".repeat(10_000) + "b")).toBe(false);
    expect(linearPattern("^(a+)+$", "u").test("a".repeat(10_000))).toBe(true);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("keeps ECMAScript's meaning where RE2's differs: . and line terminators, \\s and Unicode white space, [] and [^]", () => {
    const cases: [string, string, boolean][] = [
      ["^.$", "\n", false],
      ["^.$", "\r", false],
      ["^.$", "\u2028", false],
      ["^.$", "\u2029", false],
      ["^.$", "😀", true],
      ["\\s", "\u00a0", true],
      ["\\s", "\u3000", true],
      ["\\s", "\ufeff", true],
      ["\\s", "\u000b", true],
      ["^\\S$", "\u00a0", false],
      ["^[\\sx]+$", "x\u2003x", true],
      ["^[^]$", "\n", true],
      ["^[]$", "", false],
      ["a[]", "a", false],
      ["[.]", "x", false],
      ["^\\w+$", "é", false],
      ["^\\d+$", "١٢٣", false],
      ["\\bword\\b", "a word.", true],
      ["^\\p{Lu}\\p{Ll}+$", "Émile", true],
      ["^\\u{1F600}$", "😀", true],
      ["^(?<year>\\d{4})-\\d{2}$", "2026-12", true],
      ["^x$", "x\n", false],
      ["^a{2,3}$", "aaaa", false],
      ["^\\ud83d\\ude00$", "😀", true],
      ["^[\\ud83d\\ude00]$", "😀", true],
      ["^[[:digit:]|[a]$", "5", false],
      ["^[[:digit:]|[a]$", "[", true],
      ["^[\\s\\S]+$", "a\nb\u2028", true],
      // \S beside other members of a class: spelled out from the white space the others leave.
      ["^[^\\S\\r\\n]+$", " \t\u00a0\u3000", true],
      ["^[^\\S\\r\\n]+$", " \n", false],
      ["^[^\\S\\r\\n]+$", " x", false],
      ["^[\\Sx]+$", "a\u00a0", false],
      ["^[\\S ]+$", "a b", true],
      ["^[\\S ]+$", "a\tb", false],
      ["^[^\\S]$", "\u2029", true],
      ["^[\\S\\s]$", "\n", true],
      ["^[^\\s\\S]$", "x", false],
      ["^[\\\\S]+$", "S\\", true],
      ["^[\\S\\p{Zs}]+$", "a\u2003", true],
      ["^[\\S\\p{Zs}]+$", "a\n", false],
    ];
    // compileLinear, not linearPattern: a pattern the engine refused would be RegExp's and agree trivially.
    expect(cases.map(([source, text]) => compileLinear(source).test(text))).toEqual(
      cases.map(([source, text]) => new RegExp(source, "u").test(text)),
    );
    expect(cases.map(([, , expected]) => expected)).toEqual(
      cases.map(([source, text]) => new RegExp(source, "u").test(text)),
    );
  });

  it("agrees with RegExp on generated strings for patterns of the kinds real contracts use", () => {
    const sources = [
      "^[A-Z]-[0-9]+$",
      "^[a-z][a-z0-9_]*$",
      "^\\S+@\\S+\\.\\S+$",
      "^(\\+|-)?\\d+(\\.\\d+)?$",
      "^[^/]+(/[^/]+)*$",
      "\\s{2,}",
      "^.{1,5}$",
      "^[\\w.-]+$",
      "^v\\d+\\.\\d+\\.\\d+(-[0-9A-Za-z.-]+)?$",
      "^[^\\S\\r\\n]*\\S[\\S ]*$",
    ];
    const text = fc.string({
      unit: fc.constantFrom(
        "a",
        "Z",
        "0",
        "9",
        "-",
        "+",
        ".",
        "/",
        "@",
        "_",
        " ",
        "\n",
        "\r",
        "\u00a0",
        "\u2028",
        "é",
        "😀",
        "v",
      ),
      maxLength: 12,
    });
    for (const source of sources) {
      const linear = compileLinear(source);
      const native = new RegExp(source, "u");
      fc.assert(
        fc.property(text, (t) => linear.test(t) === native.test(t)),
        { numRuns: 1500 },
      );
    }
  });

  it("refuses what RE2 has no linear form of, saying what, and leaves such a pattern to RegExp when used as an engine", () => {
    const unsupported: [string, string][] = [
      ["^(?=.*\\d).+$", "a lookahead"],
      ["^(?!x).+$", "a lookahead"],
      ["(?<=a)b", "a lookbehind"],
      ["(?<!a)b", "a lookbehind"],
      ["(a)\\1", "a backreference"],
      ["(?<n>a)\\k<n>", "a backreference"],
    ];
    for (const [source, what] of unsupported) {
      expect(() => toRe2(source)).toThrow(UnsupportedPattern);
      expect(() => toRe2(source)).toThrow(what);
      expect(() => compileLinear(source)).toThrow();
      // Used as the engine: RegExp's answer, and the source listed.
      expect(linearPattern(source, "u").test("ab1")).toBe(new RegExp(source, "u").test("ab1"));
      expect(patternsLeftToRegExp()).toContain(source);
    }
  });
});

describe("the runtime's pattern engine switch", () => {
  it("gives each pattern its own text, which ajv tells patterns apart by", () => {
    expect([String(linearPattern("^a$", "u")), String(linearPattern("^b$", "u"))]).toEqual(["/^a$/u", "/^b$/u"]);
  });

  it("is one engine for the ES module and the CommonJS build of the runtime: a CommonJS application switches it for the ES module tree", async () => {
    const { createRequire } = await import("node:module");
    const commonJs = createRequire(import.meta.url)(
      "charter-runtime/patterns",
    ) as typeof import("charter-runtime/patterns");
    commonJs.usePatternEngine(linearPattern);
    expect(pattern("^a$", "u")).not.toBeInstanceOf(RegExp);
    commonJs.usePatternEngine(undefined);
    expect(pattern("^a$", "u")).toBeInstanceOf(RegExp);
  });

  it("builds RegExp by default, and the installed engine's patterns for validator modules loaded after it", async () => {
    expect(pattern("^a$", "u")).toBeInstanceOf(RegExp);
    usePatternEngine(linearPattern);
    expect(pattern("^a$", "u")).not.toBeInstanceOf(RegExp);
    usePatternEngine(undefined);
    expect(pattern("^a$", "u")).toBeInstanceOf(RegExp);

    // A generated validator: with the linear engine installed before it loads, a catastrophic
    // pattern is judged at once (RegExp would not finish); the same verdicts otherwise.
    const { load } = await generateImportable({ "src/word.yaml": "type: string\npattern: '^(a+)+$'\n" });
    usePatternEngine(linearPattern);
    const { validate } = await load("validators/word.js");
    const started = performance.now();
    expect([validate!("aaaa"), validate!("a".repeat(10_000) + "b"), validate!("b")]).toEqual([true, false, false]);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
