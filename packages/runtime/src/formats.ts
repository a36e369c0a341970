/**
 * The JSON Schema `format` checks generated validators call: the formats of
 * ajv-formats' "full" mode (3.0.1), written again from the RFC grammars so
 * that a client of charter installs neither ajv-formats nor ajv (2.5 MB).
 * Each check gives ajv-formats' verdict for every string, since ajv with
 * ajv-formats is the reference charter is measured against; where that
 * verdict is ajv-formats' quirk rather than the RFC's rule, it is kept and
 * said so where it is kept. The checks are scanners that read a string a
 * bounded number of times (the only patterns match one character, or
 * uuid's fixed shape), so hostile input costs time linear in its length.
 *
 * Where this module departs from ajv-formats:
 * - Strings of some megabytes: ajv-formats' patterns for uri,
 *   uri-reference, uri-template, email, json-pointer, its URI fragment and
 *   relative forms, and byte can throw a RangeError (the engine's
 *   backtracking stack overflows; seen at 10 MB). These checks answer.
 * - `compare` returns undefined when either string is not valid in the
 *   format; ajv-formats compares any two strings it can read (the date one
 *   any two non-empty strings).
 * - The time, date-time and iso-date-time comparisons compute instants
 *   themselves where ajv-formats asks `Date`, which cannot read some valid
 *   values, ajv-formats then answering undefined (leap seconds and its other
 *   seconds past 59, hours past 23 accepted as leap seconds, zones written
 *   `+hh`, U+2028 and U+2029 as separators, and 1970-01-01T00:00:00Z, whose
 *   time value 0 it takes for none), and misreads others (a year below 100
 *   with a whitespace separator, which `Date`'s fallback parser takes for
 *   another year). Elsewhere the result is ajv-formats' number: the
 *   difference in whole milliseconds, a fraction's digits past the third
 *   dropped as `Date` drops them.
 * - A time without a zone (iso-date-time) counts as UTC; ajv-formats reads
 *   it in the machine's zone, which changes only the order of a time with a
 *   zone against one without.
 */

/** A definition ajv's `addFormat` takes for a format whose values have an order (formatMinimum and the like). */
export interface OrderedFormat {
  readonly validate: (value: string) => boolean;
  /** Negative, zero or positive as `a` comes before, with or after `b`; undefined when either is not valid. */
  readonly compare: (a: string, b: string) => number | undefined;
}

/** A definition ajv's `addFormat` takes for a format of numbers (OpenAPI's). */
export interface NumberFormat {
  readonly type: "number";
  readonly validate: (value: number) => boolean;
}

/** What each format is: a check of strings, a check of strings with an order, or a check of numbers. */
export type FormatDefinition = ((value: string) => boolean) | OrderedFormat | NumberFormat;

// Character classes of ASCII, one bit each, looked up in a table: a loop over a string's
// units with a table lookup is linear and faster than a regular expression per character.
const U = 1; // RFC 3986 unreserved and sub-delims
const COLON = 2;
const AT = 4;
const SLASH = 8;
const QMARK = 16;
const DQUOTE = 32;
const HEX = 64;
const DIGIT = 128;
const ALNUM = 256;
const WORD = 512; // RFC 6570 varchar, less its %XX
const SCHEME = 1024; // RFC 3986 scheme, after the first letter
const ATEXT = 2048; // RFC 5322 atext
const LITERAL = 4096; // RFC 6570 literals (ASCII), and DEL, which ajv-formats lets through
const OPERATOR = 8192; // RFC 6570 operators
const B64 = 16384; // RFC 4648 base64 alphabet
const ALPHA = 32768;

const PCHAR = U | COLON | AT;
const PATH = PCHAR | SLASH;
const QUERY = PATH | QMARK;

const T: Uint16Array = /* @__PURE__ */ (() => {
  const classes: readonly (readonly [number, RegExp])[] = [
    [U, /[\w.~!$&'()*+,;=-]/],
    [COLON, /:/],
    [AT, /@/],
    [SLASH, /\//],
    [QMARK, /\?/],
    [DQUOTE, /"/],
    [HEX, /[\dA-Fa-f]/],
    [DIGIT, /\d/],
    [ALNUM, /[\dA-Za-z]/],
    [WORD, /\w/],
    [SCHEME, /[\dA-Za-z+.-]/],
    [ATEXT, /[\w!#$%&'*+/=?^`{|}~-]/],
    [LITERAL, /[!#$&(-;=?-[\]_a-z~\x7f]/],
    [OPERATOR, /[+#./;?&=,!@|]/],
    [B64, /[\dA-Za-z+/]/],
    [ALPHA, /[A-Za-z]/],
  ];
  const table = new Uint16Array(128);
  for (let c = 0; c < 128; c++) {
    let bits = 0;
    for (const [bit, members] of classes) if (members.test(String.fromCharCode(c))) bits |= bit;
    table[c] = bits;
  }
  return table;
})();

/** Whether code unit `c` (NaN past the end of a string) is in one of the classes of `mask`. */
const has = (c: number, mask: number): boolean => c < 128 && (T[c]! & mask) !== 0;

const isDigit = (c: number): boolean => c >= 48 && c <= 57;

// What ajv-formats takes for whitespace (its date-time separator, url's boundary) is `\s`:
// the engine's own set, searched natively.
const SPACE = /\s/;

/** Whether the unit at `i` is whitespace; ASCII printables and C1 controls never are, which spares most calls the pattern. */
const isSpace = (v: string, i: number): boolean => {
  const c = v.charCodeAt(i);
  return (c <= 32 || c >= 0xa0) && SPACE.test(v.charAt(i));
};

/** Whether a %XX escape starts at `i` and ends before `to`. */
const pctAt = (s: string, i: number, to: number): boolean =>
  i + 2 < to && s.charCodeAt(i) === 37 && has(s.charCodeAt(i + 1), HEX) && has(s.charCodeAt(i + 2), HEX);

/** Whether `s` from `from` to `to` is made of characters of `mask`, and of %XX escapes when `pct`. */
function run(s: string, from: number, to: number, mask: number, pct?: boolean): boolean {
  for (let i = from; i < to; i++) {
    if (has(s.charCodeAt(i), mask)) continue;
    if (pct && pctAt(s, i, to)) i += 2;
    else return false;
  }
  return true;
}

/** The two digits at `i` as a number, or -1. */
function d2(s: string, i: number): number {
  const a = s.charCodeAt(i) - 48;
  const b = s.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

const order = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** A definition with an order that only compares valid values. */
function ordered(validate: (value: string) => boolean, compare: (a: string, b: string) => number): OrderedFormat {
  return Object.freeze({
    validate,
    compare: (a: string, b: string) => (validate(a) && validate(b) ? compare(a, b) : undefined),
  });
}

// ---- RFC 3339 dates and times

/** Whether `s` has an RFC 3339 full-date (yyyy-mm-dd, a day the month has) at `at`. */
function dateAt(s: string, at: number): boolean {
  const hi = d2(s, at);
  const lo = d2(s, at + 2);
  const m = d2(s, at + 5);
  const d = d2(s, at + 8);
  if (hi < 0 || lo < 0 || s.charCodeAt(at + 4) !== 45 || s.charCodeAt(at + 7) !== 45 || m < 1 || m > 12 || d < 1)
    return false;
  const y = hi * 100 + lo;
  // February of a leap year has 29 days; otherwise 31 for months 1 3 5 7 8 10 12, which the bit trick picks.
  return d <= (m === 2 ? (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28) : 30 + ((m + (m >> 3)) & 1));
}

/** The fields of a time read from `at` to the end of a string. */
interface Clock {
  readonly h: number;
  readonly m: number;
  /** The whole seconds. */
  readonly s: number;
  /** The seconds with their fraction, as a double (as ajv-formats reads them: 59.99...9 may round to 60). */
  readonly sec: number;
  /** The first three digits of the fraction as milliseconds. */
  readonly ms: number;
  /** Where the seconds (with their fraction) end and the zone begins. */
  readonly end: number;
  readonly zone: boolean;
  readonly sign: number;
  readonly zh: number;
  readonly zm: number;
}

/**
 * Reads hh:mm:ss, an optional fraction and an optional zone (z, or +hh,
 * +hhmm, +hh:mm with either sign: ajv-formats' forms, which RFC 3339's
 * time-numoffset widens) from `at` to the end; undefined when the shape is
 * wrong. Ranges are checked by `clockValid`.
 */
function readTime(v: string, at: number): Clock | undefined {
  const n = v.length;
  const h = d2(v, at);
  const m = d2(v, at + 3);
  const s = d2(v, at + 6);
  if (h < 0 || m < 0 || s < 0 || v.charCodeAt(at + 2) !== 58 || v.charCodeAt(at + 5) !== 58) return undefined;
  let k = at + 8;
  if (v.charCodeAt(k) === 46) {
    do k++;
    while (isDigit(v.charCodeAt(k)));
    if (k === at + 9) return undefined;
  }
  const end = k;
  const c = v.charCodeAt(k);
  let sign = 1;
  let zh = 0;
  let zm = 0;
  if (c === 43 || c === 45) {
    sign = 44 - c;
    zh = d2(v, k + 1);
    k += 3;
    if (k < n) {
      if (v.charCodeAt(k) === 58) k++;
      zm = d2(v, k);
      k += 2;
    }
    if (zh < 0 || zm < 0) return undefined;
  } else if ((c | 32) === 122) k++;
  if (k !== n) return undefined;
  let ms = 0;
  for (let i = at + 9; i < at + 12; i++) ms = ms * 10 + (i < end ? v.charCodeAt(i) - 48 : 0);
  const sec = end > at + 8 ? Number(v.slice(at + 6, end)) : s;
  return { h, m, s, sec, ms, end, zone: k > end, sign, zh, zm };
}

function clockValid(t: Clock | undefined, needsZone: boolean): boolean {
  if (t === undefined || t.zh > 23 || t.zm > 59 || (needsZone && !t.zone)) return false;
  if (t.h < 24 && t.m < 60 && t.sec < 60) return true;
  // A second past 59 is a leap second, which ajv-formats accepts when the clock moved to UTC
  // reads 23:59; its arithmetic borrows without wrapping, so -1 stands for 59 or 23 there,
  // and an hour or minute out of range passes when the zone brings it back.
  const um = t.m - t.sign * t.zm;
  const uh = t.h - t.sign * t.zh - (um < 0 ? 1 : 0);
  return (uh === 23 || uh === -1) && (um === 59 || um === -1) && t.sec < 61;
}

/** A clock's milliseconds from midnight UTC, as `Date` counts them (no wrap, the fraction cut to milliseconds). */
const clockMs = (t: Clock): number => ((t.h * 60 + t.m - t.sign * (t.zh * 60 + t.zm)) * 60 + t.s) * 1000 + t.ms;

/** The UTC midnight of a valid date at the start of `v`, in milliseconds (years 0 to 99 too, which `Date.UTC` moves). */
const dayMs = (v: string): number => new Date(0).setUTCFullYear(d2(v, 0) * 100 + d2(v, 2), d2(v, 5) - 1, d2(v, 8));

/** ajv-formats splits a date-time on one "t" or whitespace character: the date's ten characters come first. */
function dateTimeValid(v: string, needsZone: boolean): boolean {
  const c = v.charCodeAt(10);
  return ((c | 32) === 116 || isSpace(v, 10)) && dateAt(v, 0) && clockValid(readTime(v, 11), needsZone);
}

const dateValid = (v: string): boolean => v.length === 10 && dateAt(v, 0);

export const date: OrderedFormat = /* @__PURE__ */ ordered(dateValid, order);

export const time: OrderedFormat = /* @__PURE__ */ ordered(
  (v) => clockValid(readTime(v, 0), true),
  (a, b) => clockMs(readTime(a, 0)!) - clockMs(readTime(b, 0)!),
);

/** Like `time` with the zone optional; ajv-formats orders these by their clocks, zones left aside. */
export const isoTime: OrderedFormat = /* @__PURE__ */ ordered(
  (v) => clockValid(readTime(v, 0), false),
  (a, b) => order(a.slice(0, readTime(a, 0)!.end), b.slice(0, readTime(b, 0)!.end)),
);

export const dateTime: OrderedFormat = /* @__PURE__ */ ordered(
  (v) => dateTimeValid(v, true),
  (a, b) => dayMs(a) + clockMs(readTime(a, 11)!) - (dayMs(b) + clockMs(readTime(b, 11)!)),
);

/** Like `dateTime` with the zone optional; ajv-formats orders these by date, then by the time's instant. */
export const isoDateTime: OrderedFormat = /* @__PURE__ */ ordered(
  (v) => dateTimeValid(v, false),
  (a, b) => order(a.slice(0, 10), b.slice(0, 10)) || clockMs(readTime(a, 11)!) - clockMs(readTime(b, 11)!),
);

/**
 * ISO 8601 duration, RFC 3339 appendix A as ajv-formats reads it: P, then
 * weeks alone, or years, months, days in that order, then T and hours,
 * minutes, seconds in that order; any unit may be left out (the ABNF would
 * not skip one), but not all, nor all after T. Whole numbers only.
 */
export const duration = (v: string): boolean => {
  const n = v.length;
  if (v.charCodeAt(0) !== 80 || n < 2) return false;
  let units = "YMD";
  let next = 0;
  for (let k = 1; k < n;) {
    if (v.charCodeAt(k) === 84) {
      if (units !== "YMD") return false;
      units = "HMS";
      next = 0;
      k++;
      if (!isDigit(v.charCodeAt(k))) return false;
    }
    const start = k;
    while (isDigit(v.charCodeAt(k))) k++;
    if (k === start || k === n) return false;
    const unit = v.charAt(k++);
    if (unit === "W") return start === 1 && k === n;
    const at = units.indexOf(unit, next);
    if (at < 0) return false;
    next = at + 1;
  }
  return true;
};

// ---- RFC 3986 URIs (ajv-formats' grammar, which accepts "/" where RFC 3986 has "//")

/**
 * Whether `s` from `a` to `b` is an IPv6 address (RFC 4291 text form, as
 * RFC 3986's IPv6address): eight groups of 1 to 4 hex digits, the last two
 * possibly an IPv4 address, or fewer around one "::". `lax` lets the IPv4
 * part's numbers have leading zeros (as ajv-formats' uri does, not its ipv6).
 */
function ipv6At(s: string, a: number, b: number, lax: boolean): boolean {
  let groups = 0;
  let gap = false;
  let i = a;
  if (s.charCodeAt(i) === 58) {
    if (s.charCodeAt(i + 1) !== 58) return false;
    gap = true;
    i += 2;
    if (i === b) return true;
  }
  for (;;) {
    const start = i;
    while (i < b && i - start < 5 && has(s.charCodeAt(i), HEX)) i++;
    // An IPv4 address ends the address and counts for two groups.
    if (i < b && s.charCodeAt(i) === 46) return ipv4At(s, start, b, lax) && (gap ? groups < 6 : groups === 6);
    if (i === start || i - start > 4) return false;
    groups++;
    if (i === b) break;
    if (s.charCodeAt(i) !== 58 || i + 1 === b) return false;
    i++;
    if (s.charCodeAt(i) === 58) {
      if (gap) return false;
      gap = true;
      i++;
      if (i === b) break;
    }
  }
  return gap ? groups < 8 : groups === 8;
}

/** Whether `s` from `a` to `b` is four dot-separated numbers to 255, of 1 to 3 digits; leading zeros only when `lax`. */
function ipv4At(s: string, a: number, b: number, lax: boolean): boolean {
  for (let part = 0, i = a; ; part++) {
    const start = i;
    let value = 0;
    while (i < b && i - start < 4 && isDigit(s.charCodeAt(i))) value = value * 10 + s.charCodeAt(i++) - 48;
    if (i === start || i - start > 3 || value > 255 || (!lax && i - start > 1 && s.charCodeAt(start) === 48))
      return false;
    if (i === b) return part === 3;
    if (part === 3 || s.charCodeAt(i) !== 46) return false;
    i++;
  }
}

/** An authority from `a` to `e`: [userinfo "@"] (IP-literal / reg-name) [":" digits]. */
function authority(s: string, a: number, e: number, extra: number): boolean {
  let h = a;
  const at = s.indexOf("@", a);
  if (at >= 0 && at < e) {
    if (!run(s, a, at, U | COLON, true)) return false;
    h = at + 1;
  }
  let p = h;
  if (h < e && s.charCodeAt(h) === 91) {
    // An IP literal: IPv6 or IPvFuture ("v", hex digits, ".", then unreserved, sub-delims, ":").
    p = s.indexOf("]", h);
    if (p < 0 || p >= e) return false;
    if ((s.charCodeAt(h + 1) | 32) === 118) {
      let i = h + 2;
      while (has(s.charCodeAt(i), HEX)) i++;
      if (i === h + 2 || s.charCodeAt(i) !== 46 || i + 1 === p || !run(s, i + 1, p, U | COLON)) return false;
    } else if (!ipv6At(s, h + 1, p, true)) return false;
    p++;
  } else {
    while (p < e && s.charCodeAt(p) !== 58) p++;
    // A reg-name; an IPv4 address is one too.
    if (!run(s, h, p, U | extra, true)) return false;
  }
  return p === e || (s.charCodeAt(p) === 58 && run(s, p + 1, e, DIGIT));
}

/**
 * The hierarchical part from `from` to `to`. A string of path characters
 * always passes: it is a rootless or absolute path, or "/" then an empty
 * authority then a path (ajv-formats' "/?/" before the authority). Only an
 * IP literal adds characters ("[", "]"), after "/" or "//".
 */
function hier(s: string, from: number, to: number, mayBeEmpty: boolean, extra: number): boolean {
  if (from === to) return mayBeEmpty;
  if (run(s, from, to, PATH | extra, true)) return true;
  if (s.charCodeAt(from) !== 47) return false;
  const a = s.charCodeAt(from + 1) === 47 ? from + 2 : from + 1;
  let e = a;
  while (e < to && s.charCodeAt(e) !== 47) e++;
  return authority(s, a, e, extra) && run(s, e, to, PATH | extra, true);
}

/**
 * A URI (`ref` false) or URI reference. The fragment begins at the first
 * "#" and the query at the first "?" before it, since no earlier part may
 * hold them; a scheme ends at the first ":". ajv-formats' uri-reference
 * also lets '"' through, outside the userinfo and IPvFuture.
 */
function uriLike(s: string, ref: boolean): boolean {
  const extra = ref ? DQUOTE : 0;
  let end = s.indexOf("#");
  if (end < 0) end = s.length;
  else if (!run(s, end + 1, s.length, QUERY | extra, true)) return false;
  const q = s.indexOf("?");
  if (q >= 0 && q < end) {
    if (!run(s, q + 1, end, QUERY | extra, true)) return false;
    end = q;
  }
  const colon = s.indexOf(":");
  if (
    colon > 0 &&
    colon < end &&
    has(s.charCodeAt(0), ALPHA) &&
    run(s, 1, colon, SCHEME) &&
    hier(s, colon + 1, end, ref, extra)
  )
    return true;
  return ref && hier(s, 0, end, true, extra);
}

/** An absolute URI: a scheme and a non-empty hierarchical part (so "urn:" alone is not one, as for ajv-formats). */
export const uri = (value: string): boolean => uriLike(value, false);

export const uriReference = (value: string): boolean => uriLike(value, true);

/**
 * RFC 6570 URI Template, as ajv-formats reads it: literals (any character
 * but controls, space, "'<>\^`{|}, or %XX), and expressions of an optional
 * operator and comma-separated variables, each a name of letters, digits,
 * "_" and %XX (no ".") with a prefix length (1 to 9999) or "*".
 */
export const uriTemplate = (v: string): boolean => {
  const n = v.length;
  for (let i = 0; i < n; i++) {
    const c = v.charCodeAt(i);
    if (c > 127 || has(c, LITERAL)) continue;
    if (c === 123) {
      if (has(v.charCodeAt(i + 1), OPERATOR)) i++;
      do {
        const start = ++i;
        for (;;) {
          if (has(v.charCodeAt(i), WORD)) i++;
          else if (pctAt(v, i, n)) i += 3;
          else break;
        }
        if (i === start) return false;
        const m = v.charCodeAt(i);
        if (m === 58) {
          const first = ++i;
          if (!isDigit(v.charCodeAt(i)) || v.charCodeAt(i) === 48) return false;
          while (i < first + 4 && isDigit(v.charCodeAt(i))) i++;
        } else if (m === 42) i++;
      } while (v.charCodeAt(i) === 44);
      if (v.charCodeAt(i) !== 125) return false;
    } else if (pctAt(v, i, n)) i += 2;
    else return false;
  }
  return true;
};

// ---- url: ajv-formats' web address (http, https or ftp; a public IPv4 address or a name with a top-level domain)

/** A scheme letter folded to lower case as Unicode case folding does it (ajv-formats' url pattern has the u and i flags): "ſ" is an "s". */
function folded(v: string, i: number): number {
  const c = v.charCodeAt(i);
  return c === 0x17f ? 115 : c | 32;
}

/** The index after "http://", "https://" or "ftp://", or -1. */
function urlStart(v: string): number {
  let i: number;
  if (folded(v, 0) === 104 && folded(v, 1) === 116 && folded(v, 2) === 116 && folded(v, 3) === 112)
    i = folded(v, 4) === 115 ? 5 : 4;
  else if (folded(v, 0) === 102 && folded(v, 1) === 116 && folded(v, 2) === 112) i = 3;
  else return -1;
  return v.charCodeAt(i) === 58 && v.charCodeAt(i + 1) === 47 && v.charCodeAt(i + 2) === 47 ? i + 3 : -1;
}

/** A character of a url host name: a letter (a digit too unless in the top-level domain), or a code point from U+00A1 to U+FFFF (a surrogate pair is beyond). */
function nameUnit(s: string, i: number, digits: boolean): boolean {
  const c = s.charCodeAt(i);
  if (c < 0xa1) return has(c, digits ? ALNUM : ALPHA);
  if (c < 0xd800 || c > 0xdbff) return true;
  const next = s.charCodeAt(i + 1);
  return !(next >= 0xdc00 && next <= 0xdfff);
}

/**
 * A url host from `a` to `b`: an IPv4 address outside the private,
 * loopback and link-local ranges (first number 1 to 223, last 1 to 254),
 * or labels of name characters joined by single hyphens, then a dot and a
 * top-level domain of two or more letters.
 */
function urlHost(s: string, a: number, b: number): boolean {
  if (isDigit(s.charCodeAt(a)) && publicIPv4(s, a, b)) return true;
  let dot = b - 1;
  while (dot > a && s.charCodeAt(dot) !== 46) dot--;
  if (dot <= a || b - dot < 3) return false;
  for (let i = dot + 1; i < b; i++) if (!nameUnit(s, i, false)) return false;
  let previous = 46;
  for (let i = a; i <= dot; i++) {
    const c = s.charCodeAt(i);
    if (c === 46 || c === 45) {
      if (previous === 46 || previous === 45) return false;
    } else if (!(c < 128 ? has(c, ALNUM) : nameUnit(s, i, true))) return false;
    previous = c;
  }
  return true;
}

function publicIPv4(s: string, a: number, b: number): boolean {
  let first = 0;
  let second = 0;
  let secondDigits = 0;
  let i = a;
  for (let part = 0; part < 4; part++) {
    if (part > 0 && s.charCodeAt(i++) !== 46) return false;
    const start = i;
    let value = 0;
    while (i < b && i - start < 4 && isDigit(s.charCodeAt(i))) value = value * 10 + s.charCodeAt(i++) - 48;
    const digits = i - start;
    const leadingZero = s.charCodeAt(start) === 48;
    if (digits === 0 || digits > 3 || value > 255) return false;
    if (part === 0) {
      if (leadingZero || value > 223) return false;
      first = value;
    } else if (part === 3) {
      if (leadingZero || value > 254) return false;
    } else {
      // The middle numbers may have a leading zero, but not with three digits.
      if (leadingZero && digits === 3) return false;
      if (part === 1) {
        second = value;
        secondDigits = digits;
      }
    }
  }
  if (i !== b) return false;
  return !(
    first === 10 ||
    first === 127 ||
    (first === 169 && second === 254) ||
    (first === 192 && second === 168) ||
    (first === 172 && secondDigits === 2 && second >= 16 && second <= 31)
  );
}

/** The index after a port (":" and 2 to 5 digits) at `i`: `i` when there is none there, -1 when it is malformed. */
function portEnd(v: string, i: number): number {
  if (v.charCodeAt(i) !== 58) return i;
  let k = i + 1;
  while (k < i + 7 && isDigit(v.charCodeAt(k))) k++;
  return k - i > 2 && k - i < 7 ? k : -1;
}

/**
 * ajv-formats' url: scheme "://", optionally userinfo (any characters but
 * whitespace) and "@", a host, a port of 2 to 5 digits, a path ("/" and no
 * whitespace). The userinfo may end at any "@", so each "@" starts a
 * candidate host, which runs to the next ":" or "/"; a candidate that meets
 * another "@" first is dropped. Paths checked for whitespace do not
 * overlap, so the whole costs two passes at most.
 */
export const url = (v: string): boolean => {
  const n = v.length;
  const start = urlStart(v);
  if (start < 0) return false;
  let spaced = false; // whitespace seen: no later "@" ends a userinfo
  let space = -1; // the first whitespace at or after the last path looked at (n: none)
  for (let i = start, host = start; i <= n; i++) {
    const c = v.charCodeAt(i);
    if (c === 64) host = i > start && !spaced ? i + 1 : -1;
    else if (host >= 0 && (i === n || c === 58 || c === 47)) {
      if (urlHost(v, host, i)) {
        const k = portEnd(v, i);
        if (k === n) return true;
        if (k >= 0 && v.charCodeAt(k) === 47) {
          if (space < k) {
            space = k;
            while (space < n && !isSpace(v, space)) space++;
          }
          if (space === n) return true;
        }
      }
      host = -1;
    } else if ((c <= 32 || c >= 0xa0) && !spaced && isSpace(v, i)) spaced = true;
  }
  return false;
};

// ---- Internet names and addresses

/** The number of dot-separated labels from `from` to `to` (letters, digits, inner hyphens, up to `max` long), or 0 if one is not a label. */
function labels(s: string, from: number, to: number, max: number): number {
  let count = 0;
  for (let i = from, start = from; i <= to; i++) {
    const c = i < to ? s.charCodeAt(i) : 46;
    if (c === 46) {
      if (i === start || i - start > max || s.charCodeAt(i - 1) === 45) return 0;
      count++;
      start = i + 1;
    } else if (!(has(c, ALNUM) || (c === 45 && i > start))) return 0;
  }
  return count;
}

/**
 * ajv-formats' email (an approximation of RFC 5321's Mailbox): dot-separated
 * atoms of RFC 5322 atext, "@", two or more host-name labels of any length.
 * No quoted local parts and no address literals.
 */
export const email = (v: string): boolean => {
  const at = v.indexOf("@");
  if (at < 1) return false;
  for (let i = 0; i < at; i++) {
    const c = v.charCodeAt(i);
    if (c === 46 ? i === at - 1 || v.charCodeAt(i - 1) === 46 || i === 0 : !has(c, ATEXT)) return false;
  }
  return labels(v, at + 1, v.length, Infinity) > 1;
};

/** RFC 1123 host name: labels of 1 to 63 letters, digits and inner hyphens, at most 253 characters besides a final dot. */
export const hostname = (v: string): boolean => {
  const end = v.charCodeAt(v.length - 1) === 46 ? v.length - 1 : v.length;
  return end > 0 && end <= 253 && labels(v, 0, end, 63) > 0;
};

/** Dotted decimal, no leading zeros. */
export const ipv4 = (v: string): boolean => ipv4At(v, 0, v.length, false);

/** RFC 4291 text form (no zone index), its IPv4 tail without leading zeros. */
export const ipv6 = (v: string): boolean => ipv6At(v, 0, v.length, false);

// ---- Everything else

/**
 * Whether a pattern's groups and classes close, "\" escaping the next
 * character: every valid pattern's do (a "(" or "[" outside a class always
 * opens one), so a pattern failing here needs no compiling. The engine's
 * parser takes over a second to refuse a megabyte of unclosed "(?=".
 */
function closes(v: string): boolean {
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c === 92) i++;
    else if (inClass) inClass = c !== 93;
    else if (c === 91) inClass = true;
    else if (c === 40) depth++;
    else if (c === 41 && --depth < 0) return false;
  }
  return depth === 0 && !inClass;
}

/**
 * A pattern ECMAScript compiles (Annex B syntax, no flags); as ajv-formats,
 * not one with "\Z" after anything but a backslash (another dialect's end
 * anchor). Compiling does not run the pattern; it costs time linear in the
 * pattern (about a third of a second for a megabyte of groups).
 */
export const regex = (v: string): boolean => {
  for (let i = v.indexOf("\\Z", 1); i > 0; i = v.indexOf("\\Z", i + 1)) if (v.charCodeAt(i - 1) !== 92) return false;
  if (!closes(v)) return false;
  try {
    new RegExp(v);
    return true;
  } catch {
    return false;
  }
};

/** RFC 4122 text form, any version, hex digits of either case, optionally after "urn:uuid:" (a fixed length: no backtracking to speak of). */
const UUID = /^(?:urn:uuid:)?[\da-f]{8}(?:-[\da-f]{4}){3}-[\da-f]{12}$/i;

export const uuid = (v: string): boolean => UUID.test(v);

/** Whether every "~" from `at` on is followed by "0" or "1" (RFC 6901's escapes). */
function tildes(v: string, at: number): boolean {
  for (let i = v.indexOf("~", at); i >= 0; i = v.indexOf("~", i + 1)) {
    const c = v.charCodeAt(i + 1);
    if (c !== 48 && c !== 49) return false;
  }
  return true;
}

/** RFC 6901: empty, or "/"-prefixed tokens in which "~" only escapes ("~0", "~1"). */
export const jsonPointer = (v: string): boolean => v === "" || (v.charCodeAt(0) === 47 && tildes(v, 0));

/** A JSON pointer as a URI fragment (RFC 6901 section 6): "#", then tokens of path characters and %XX, "~" only escaping. */
export const jsonPointerUriFragment = (v: string): boolean => {
  const n = v.length;
  if (v.charCodeAt(0) !== 35 || (n > 1 && v.charCodeAt(1) !== 47)) return false;
  for (let i = 1; i < n; i++) {
    const c = v.charCodeAt(i);
    if (c === 126) {
      const d = v.charCodeAt(++i);
      if (d !== 48 && d !== 49) return false;
    } else if (!has(c, PATH)) {
      if (!pctAt(v, i, n)) return false;
      i += 2;
    }
  }
  return true;
};

/** draft-luff-relative-json-pointer-00: a whole number without leading zeros, then "#" or a JSON pointer. */
export const relativeJsonPointer = (v: string): boolean => {
  let i = 0;
  while (isDigit(v.charCodeAt(i))) i++;
  if (i === 0 || (i > 1 && v.charCodeAt(0) === 48)) return false;
  return i === v.length || (v.charCodeAt(i) === 35 && i === v.length - 1) || (v.charCodeAt(i) === 47 && tildes(v, i));
};

/**
 * OpenAPI's byte: RFC 4648 base64, groups of four with one or two "=" of
 * padding at the end. ajv-formats tests its pattern in multiline mode, so a
 * string passes when any one of its lines (split at \n, \r, U+2028,
 * U+2029) is base64, an empty line included ("a\n" passes); kept for the
 * same verdicts. One pass.
 */
export const byte = (v: string): boolean => {
  let start = 0;
  let pad = 0;
  let ok = true;
  for (let i = 0; i <= v.length; i++) {
    const c = v.charCodeAt(i);
    if (i === v.length || c === 10 || c === 13 || c === 0x2028 || c === 0x2029) {
      if (ok && (i - start) % 4 === 0) return true;
      start = i + 1;
      pad = 0;
      ok = true;
    } else if (c === 61) {
      if (++pad > 2) ok = false;
    } else if (pad > 0 || !has(c, B64)) ok = false;
  }
  return false;
};

const anyNumber = (_value: number): boolean => true;

/** A signed 32-bit integer (OpenAPI). */
export const int32: NumberFormat = /* @__PURE__ */ Object.freeze({
  type: "number",
  validate: (value: number) => (value | 0) === value,
});

/** A signed 64-bit integer (OpenAPI): any integer a JSON number read by JavaScript can be. */
export const int64: NumberFormat = /* @__PURE__ */ Object.freeze({
  type: "number",
  validate: (value: number) => Number.isInteger(value),
});

/** OpenAPI's float and double: every number. */
export const float: NumberFormat = /* @__PURE__ */ Object.freeze({ type: "number", validate: anyNumber });

export const double: NumberFormat = /* @__PURE__ */ Object.freeze({ type: "number", validate: anyNumber });

/** OpenAPI's password and binary: hints, every string passes (two functions, so each has its own identity). */
export const password = (_value: string): boolean => true;

export const binary = (_value: string): boolean => true;

/** Every format by its name, the same objects as the named exports (ajv's formatMinimum looks formats up by name). */
export const formats = /* @__PURE__ */ Object.freeze({
  date,
  time,
  "date-time": dateTime,
  "iso-time": isoTime,
  "iso-date-time": isoDateTime,
  duration,
  uri,
  "uri-reference": uriReference,
  "uri-template": uriTemplate,
  url,
  email,
  hostname,
  ipv4,
  ipv6,
  regex,
  uuid,
  "json-pointer": jsonPointer,
  "json-pointer-uri-fragment": jsonPointerUriFragment,
  "relative-json-pointer": relativeJsonPointer,
  byte,
  int32,
  int64,
  float,
  double,
  password,
  binary,
}) satisfies Readonly<Record<string, FormatDefinition>>;
