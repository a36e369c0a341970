/**
 * An ECMA-262 `pattern` (ajv compiles it with the `u` flag) as a Python `re` pattern that
 * matches the same strings, for the model's `Field(pattern=re.compile(...))`; or why there is
 * none. Only a plain subset is taken: literals, classes, groups, lookaheads, alternatives,
 * quantifiers, `^` and `$`, and the escapes whose meaning can be spelled alike. Everything else
 * (lookbehinds, backreferences, `\p{...}`, `\D` in a class...) reads otherwise in Python's `re`
 * or not at all, and is left to the `validate` helper, whose schema check rewrites every
 * pattern (`_ecma.py`).
 *
 * pydantic runs a compiled `re.Pattern` with Python's `re` and `search`, as JSON Schema does
 * (a `str` pattern would go to Rust's regex, whose `\d`, `\w` and `.` read otherwise again).
 */
export type StatedPattern = { python: string } | { reason: string };

/** ECMA-262's white space and line terminators; Python's `\s` lacks U+FEFF and has U+001C to U+001F and U+0085. */
const SPACE = "\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff";
const WORD = "[A-Za-z0-9_]";
/** `\d`, `\w` and `\b` are ASCII in ECMA-262 (with or without `u`), Unicode in Python's `re`; `\s` is ECMA's own (as in `_ecma.py`). */
const ESCAPES: Record<string, string> = {
  d: "[0-9]",
  D: "[^0-9]",
  w: WORD,
  W: "[^A-Za-z0-9_]",
  s: `[${SPACE}]`,
  S: `[^${SPACE}]`,
  b: `(?:(?<=${WORD})(?!${WORD})|(?<!${WORD})(?=${WORD}))`,
  B: `(?:(?<=${WORD})(?=${WORD})|(?<!${WORD})(?!${WORD}))`,
};
const CLASS_ESCAPES: Record<string, string> = { d: "0-9", w: "A-Za-z0-9_", s: SPACE };
/** Control escapes both read alike. */
const CONTROLS = new Set(["n", "r", "t", "f", "v"]);
/** What the `u` flag lets a pattern escape: the syntax characters, `/` and, in a class, `-`. */
const SYNTAX = new Set([..."^$\\.*+?()[]{}|/-"]);
/** ECMA-262's `.` stops at every line terminator, Python's only at `\n`. */
const DOT = "[^\\n\\r\\u2028\\u2029]";

export function statedPattern(source: string): StatedPattern {
  let out = "";
  let inClass = false;
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (c === "\\") {
      const escaped = escape(source, i, inClass);
      if ("reason" in escaped) return escaped;
      out += escaped.python;
      i += escaped.length;
      continue;
    }
    if (inClass) {
      if (c === "]") inClass = false;
      // `--` is a set difference to Python (a FutureWarning today): not taken.
      if (c === "-" && source[i + 1] === "-") return { reason: "`--` in a class" };
      // A literal in ECMA-262; a nested set or set operation to Python's `re`.
      out += "[&~|".includes(c) ? `\\${c}` : c;
      i++;
      continue;
    }
    if (c === "[") {
      // `[]` matches nothing and `[^]` anything in ECMA-262; Python reads `]` there as a member.
      if (source.startsWith("[]", i) || source.startsWith("[^]", i)) return { reason: "an empty class" };
      inClass = true;
      const negated = source[i + 1] === "^";
      out += negated ? "[^" : "[";
      i += negated ? 2 : 1;
      continue;
    }
    if (c === "(" && source[i + 1] === "?") {
      // Lookaheads read alike; a lookbehind may be of any width in ECMA-262, of one width in Python.
      const opening = ["(?:", "(?=", "(?!"].find((group) => source.startsWith(group, i));
      if (opening !== undefined) {
        out += opening;
        i += 3;
        continue;
      }
      const named = /^\(\?<([A-Za-z_$][A-Za-z0-9_$]*)>/.exec(source.slice(i));
      if (named === null) return { reason: "a lookbehind" };
      // No backreference is taken, so a named group is a plain one (Python spells names otherwise).
      out += "(";
      i += named[0].length;
      continue;
    }
    out += c === "$" ? "\\Z" : c === "." ? DOT : c;
    i++;
  }
  return { python: out };
}

function escape(source: string, at: number, inClass: boolean): { python: string; length: number } | { reason: string } {
  const d = source[at + 1];
  if (d === undefined) return { reason: "a trailing `\\`" };
  const hex = (count: number) => source.slice(at + 2, at + 2 + count);
  if (!inClass && ESCAPES[d] !== undefined) return { python: ESCAPES[d], length: 2 };
  if (inClass && CLASS_ESCAPES[d] !== undefined) return { python: CLASS_ESCAPES[d], length: 2 };
  if (CONTROLS.has(d) || SYNTAX.has(d)) return { python: `\\${d}`, length: 2 };
  if (d === "x" && /^[0-9A-Fa-f]{2}$/.test(hex(2))) return { python: `\\x${hex(2)}`, length: 4 };
  // A surrogate escape pairs with the next one under `u`; Python reads each alone.
  if (d === "u" && /^[0-9A-Fa-f]{4}$/.test(hex(4)) && !/^[dD][89a-fA-F]/.test(hex(4)))
    return { python: `\\u${hex(4)}`, length: 6 };
  // The reason goes into a comment: only a printable ASCII character is quoted.
  return {
    reason: /^[!-~]$/.test(d) ? `\`\\${d}\` reads otherwise in Python's re` : "an escape Python's re reads otherwise",
  };
}
