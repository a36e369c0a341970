import { visit } from "jsonc-parser";
import type { Diagnostic, SourcePosition } from "../../core/diagnostic.js";
import { joinPointer } from "../../core/json-pointer.js";
import type { JsonValue } from "../../core/json-value.js";
import type { ParsedSource } from "../../core/parsed-source.js";
import { withoutBom } from "./byte-order-mark.js";
import { parseJsonSource, positionFinder } from "./parse-json-source.js";

/** Data read fast, whose positions are found afterwards, only for the places a report names. */
export interface ParsedData {
  parsed: ParsedSource;
  /** Adds to `parsed`'s maps the positions of these pointers' values and keys, and those of every ancestor. */
  locate: (pointers: Iterable<string>) => void;
}

/**
 * Strict JSON data, as `parseJsonSource` reads it (the same verdicts: syntax,
 * duplicate keys, numbers beyond a double, nesting), in a fraction of its
 * memory: `JSON.parse` makes the value, a scan that keeps no tree checks what
 * `JSON.parse` lets pass, and positions wait until a report asks for some.
 * Keeping a position per value took 30 to 50 times the file for data of many
 * small objects (a 100 MB file ran out of memory). A file the fast path cannot
 * vouch for is read the full way, for its located findings.
 */
export function parseJsonData(text: string, file: string): { data?: ParsedData; diagnostics: Diagnostic[] } {
  const source = withoutBom(text);
  const read = readPlainJson(source);
  if (read === undefined) return slow(text, file);
  const { value } = read;
  const positions = new Map<string, SourcePosition>();
  const keyPositions = new Map<string, SourcePosition>();
  return {
    data: {
      parsed: { value, positions, keyPositions },
      locate: (pointers) => locateIn(source, new Set(pointers), positions, keyPositions),
    },
    diagnostics: [],
  };
}

/**
 * The value of JSON text that `JSON.parse` reads as the strict reading would,
 * with no finding; undefined when the strict reading must decide (a syntax
 * error, a duplicate key, a number beyond a double, deep nesting).
 */
export function readPlainJson(source: string): { value: JsonValue } | undefined {
  let value: JsonValue;
  try {
    value = JSON.parse(source) as JsonValue;
  } catch {
    return undefined;
  }
  return plainJson(source) ? { value } : undefined;
}

/** The full reading, positions and all: for what the fast path would not report the same way. */
function slow(text: string, file: string): { data?: ParsedData; diagnostics: Diagnostic[] } {
  const { parsed, diagnostics } = parseJsonSource(text, file);
  return parsed ? { data: { parsed, locate: () => undefined }, diagnostics } : { diagnostics };
}

/** Deeper than this, the full reading refuses the data (CH111): the scan leaves the verdict to it. */
const MAX_SCAN_DEPTH = 500;

/**
 * Whether the text holds nothing `JSON.parse` accepts and the strict reading
 * refuses or warns about: no duplicate key, no number beyond a double or
 * integer that loses digits, nesting within the limit.
 */
function plainJson(source: string): boolean {
  const keys: Set<string>[] = [];
  let plain = true;
  const opened = () => {
    keys.push(new Set());
    if (keys.length > MAX_SCAN_DEPTH) plain = false;
    // Once the answer is no, the rest of the text need not be looked at.
    return plain;
  };
  try {
    visit(source, {
      onObjectBegin: opened,
      onArrayBegin: opened,
      onObjectEnd: () => void keys.pop(),
      onArrayEnd: () => void keys.pop(),
      onObjectProperty: (key) => {
        const seen = keys.at(-1)!;
        if (seen.has(key)) plain = false;
        seen.add(key);
      },
      onLiteralValue: (value, offset, length) => {
        if (typeof value !== "number") return;
        const written = source.slice(offset, offset + length);
        if (!Number.isFinite(value) || (/^-?\d+$/.test(written) && !Number.isSafeInteger(value))) plain = false;
      },
    });
  } catch {
    // The scanner recurses: data nested thousands deep is the full reading's to refuse, with its place.
    return false;
  }
  return plain;
}

/** One container being scanned: its pointer, and the key or index of the member being read. */
interface Frame {
  pointer: string;
  key: string | number;
}

/**
 * One scan of the text, following the pointer of each value, recording the
 * position of those wanted and of their ancestors (a report falls back to the
 * nearest one), and of the keys of the wanted members.
 */
function locateIn(
  source: string,
  wanted: ReadonlySet<string>,
  positions: Map<string, SourcePosition>,
  keyPositions: Map<string, SourcePosition>,
): void {
  const needed = new Set<string>();
  for (const pointer of wanted)
    for (let p = pointer; ; p = p.slice(0, Math.max(0, p.lastIndexOf("/")))) {
      needed.add(p);
      if (p === "") break;
    }
  const at = positionFinder(source);
  const stack: Frame[] = [];
  const valueAt = (offset: number): string => {
    const parent = stack.at(-1);
    if (parent !== undefined && typeof parent.key === "number") parent.key++;
    const pointer = parent === undefined ? "" : joinPointer(parent.pointer, parent.key);
    if (needed.has(pointer) && !positions.has(pointer)) positions.set(pointer, at(offset));
    return pointer;
  };
  visit(source, {
    onObjectBegin: (offset) => void stack.push({ pointer: valueAt(offset), key: "" }),
    onArrayBegin: (offset) => void stack.push({ pointer: valueAt(offset), key: -1 }),
    onObjectEnd: () => void stack.pop(),
    onArrayEnd: () => void stack.pop(),
    onObjectProperty: (key, offset) => {
      const frame = stack.at(-1)!;
      frame.key = key;
      const member = joinPointer(frame.pointer, key);
      if (needed.has(member)) keyPositions.set(member, at(offset));
    },
    onLiteralValue: (_value, offset) => void valueAt(offset),
  });
}
