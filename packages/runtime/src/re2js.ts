/**
 * A linear-time engine for the patterns of generated validators, on re2js
 * (a JavaScript port of RE2: no backtracking, so `^(a+)+$` on ten thousand
 * `a`s and a `b` is judged in milliseconds where RegExp does not finish).
 * re2js is an optional peer dependency of charter-runtime (900 kB): install
 * it to use this module. `usePatternEngine(linearPattern)` makes it the engine
 * of every validator loaded afterwards; contracts generated with
 * `validation.patterns: linear` call it themselves.
 *
 * ECMAScript patterns are translated to RE2's syntax with ECMAScript's
 * meaning kept where RE2's differs: `.` matches no line terminator (RE2's
 * matches \r, U+2028 and U+2029) and `\s` / `\S` are ECMAScript's white space
 * (RE2's is ASCII only). What RE2 has no linear-time form of (lookahead,
 * lookbehind, backreferences) cannot be run: such a pattern is built with
 * RegExp instead, and listed by `patternsLeftToRegExp`; charter refuses it at
 * generation in a contract that asks for the linear engine.
 */
import { RE2JS } from "re2js";
import type { PatternLike } from "./patterns.js";

// ECMAScript's WhiteSpace and LineTerminator code points, which `\s` matches.
const WHITE_SPACE = "\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff";
const NOT_LINE_TERMINATOR = "[^\\n\\r\\u2028\\u2029]";

/** Thrown for an ECMAScript pattern that RE2 cannot run in linear time. */
export class UnsupportedPattern extends Error {
  override readonly name = "UnsupportedPattern";
}

// On globalThis, so that the ES module and CommonJS builds of this package share it.
const leftToRegExp: Set<string> = ((globalThis as Record<symbol, unknown>)[
  Symbol.for("charter-runtime.patternsLeftToRegExp")
] ??= new Set<string>()) as Set<string>;

/** Sources of the patterns built with RegExp because the linear engine cannot run them, in the order met. */
export function patternsLeftToRegExp(): readonly string[] {
  return [...leftToRegExp];
}

/**
 * The pattern in RE2's syntax with ECMAScript's meaning, or UnsupportedPattern
 * naming what RE2 lacks. `source` is an ECMAScript pattern for the `u` flag.
 */
export function toRe2(source: string): string {
  let out = "";
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (char === "\\") {
      const next = source[i + 1];
      if (next === undefined) throw new UnsupportedPattern("a pattern cannot end with a backslash");
      // An escaped surrogate pair is one code point to ECMAScript; RE2 would read two.
      const pair = /^u(d[89ab][0-9a-f]{2})\\u(d[c-f][0-9a-f]{2})/i.exec(source.slice(i + 1, i + 13));
      if (pair) {
        const codePoint = (parseInt(pair[1]!, 16) - 0xd800) * 0x400 + (parseInt(pair[2]!, 16) - 0xdc00) + 0x10000;
        out += `\\u{${codePoint.toString(16)}}`;
        i += 11;
        continue;
      }
      if (next === "s" || next === "S") {
        if (!inClass) out += next === "s" ? `[${WHITE_SPACE}]` : `[^${WHITE_SPACE}]`;
        // A class holding \S was spelled out when it opened (notWhiteSpaceClass).
        else out += WHITE_SPACE;
      } else if (/[1-9]/.test(next) || (next === "k" && source[i + 2] === "<")) {
        throw new UnsupportedPattern("a backreference");
      } else {
        out += char + next;
      }
      i++;
      continue;
    }
    if (inClass) {
      if (char === "]") inClass = false;
      // RE2 reads `[:name:]` inside a class as a POSIX class; to ECMAScript `[` there is a character.
      out += char === "[" ? "\\[" : char;
      continue;
    }
    if (char === "[") {
      const end = classEnd(source, i);
      const body = source.slice(i + 1, end);
      if (end < source.length && hasNotWhiteSpace(body)) {
        out += notWhiteSpaceClass(body);
        i = end;
        continue;
      }
      inClass = true;
      out += char;
      // A `]` right after `[` or `[^` closes nothing in ECMAScript: `[]` matches nothing, `[^]` anything.
      if (source[i + 1] === "^") {
        out += "^";
        i++;
      }
      if (source[i + 1] === "]") {
        out = out.endsWith("[^")
          ? out.slice(0, -2) + "[\\x{0}-\\x{10FFFF}]"
          : out.slice(0, -1) + "[^\\x{0}-\\x{10FFFF}]";
        inClass = false;
        i++;
      }
      continue;
    }
    if (
      char === "(" &&
      source[i + 1] === "?" &&
      (source[i + 2] === "=" ||
        source[i + 2] === "!" ||
        (source[i + 2] === "<" && (source[i + 3] === "=" || source[i + 3] === "!")))
    ) {
      throw new UnsupportedPattern(source[i + 2] === "<" ? "a lookbehind" : "a lookahead");
    }
    out += char === "." ? NOT_LINE_TERMINATOR : char;
  }
  return RE2JS.translateRegExp(out);
}

/** Where the class opened at `open` closes: the index of its `]`, or the source's length if none does. */
function classEnd(source: string, open: number): number {
  let i = open + 1;
  if (source[i] === "^") i++;
  // `[]` and `[^]` close at once; to ECMAScript (u) a `[` inside a class is a character.
  if (source[i] === "]") return i;
  for (; i < source.length; i++) {
    if (source[i] === "\\") i++;
    else if (source[i] === "]") return i;
  }
  return source.length;
}

/** Whether a class body holds `\S` as a member (not an escaped backslash followed by S). */
function hasNotWhiteSpace(body: string): boolean {
  for (let i = 0; i < body.length; i++) {
    if (body[i] !== "\\") continue;
    if (body[i + 1] === "S") return true;
    i++;
  }
  return false;
}

// Every code point ECMAScript's \s matches: a short list, so a class with \S can be spelled out.
// Computed when first needed: no import pays for it.
let whiteSpacePoints: number[] | undefined;
const allWhiteSpace = () =>
  (whiteSpacePoints ??= Array.from({ length: 0x10000 }, (_, c) => c).filter((c) => /\s/u.test(String.fromCharCode(c))));

/**
 * A class with \S beside other members, which RE2 has no form of (its \S is
 * ASCII, and a class cannot hold a negated one): the white space its other
 * members do not match is a finite set W, so `[...\S]` is everything but W,
 * and `[^...\S]` is W. The other members are matched by RegExp against each
 * white-space character once, here, never against data.
 */
function notWhiteSpaceClass(source: string): string {
  const negated = source.startsWith("^");
  let others = "";
  for (let i = negated ? 1 : 0; i < source.length; i++) {
    if (source[i] === "\\" && source[i + 1] === "S") {
      i++;
      continue;
    }
    if (source[i] === "\\") others += source[i++]!;
    others += source[i] ?? "";
  }
  let members: RegExp | undefined;
  try {
    members = others === "" ? undefined : new RegExp(`[${others}]`, "u");
  } catch {
    throw new UnsupportedPattern("a character class RegExp cannot read");
  }
  const left = allWhiteSpace().filter((c) => !members?.test(String.fromCodePoint(c)));
  const spelled = left.map((c) => `\\x{${c.toString(16)}}`).join("");
  if (left.length === 0) return negated ? "[^\\x{0}-\\x{10FFFF}]" : "[\\x{0}-\\x{10FFFF}]";
  return negated ? `[${spelled}]` : `[^${spelled}]`;
}

/** The pattern built with the linear engine; throws (UnsupportedPattern, or re2js' own syntax error) where it cannot be. */
export function compileLinear(source: string, flags = "u"): PatternLike {
  const compiled = RE2JS.compile(toRe2(source));
  // ajv tells patterns apart by their text (`String(pattern)`), as it would a RegExp's.
  const text = `/${source}/${flags}`;
  const built: PatternLike = { test: (input: string) => compiled.test(input) };
  built.toString = () => text;
  return built;
}

/**
 * Builds a pattern with the linear engine, or with RegExp where it cannot run
 * the pattern (listed by `patternsLeftToRegExp`). A PatternEngine for
 * `usePatternEngine`.
 */
export function linearPattern(source: string, flags: string): PatternLike {
  try {
    return compileLinear(source, flags);
  } catch (error) {
    if (!(error instanceof UnsupportedPattern) && !(error instanceof Error && /^RE2JS/.test(error.name))) throw error;
    leftToRegExp.add(source);
    return new RegExp(source, flags);
  }
}
