import type { SourcePosition } from "../../core/diagnostic.js";

const decoder = new TextDecoder("utf-8", { fatal: true });

/**
 * The text of a source file, which must be UTF-8 (a byte-order mark is
 * dropped), or the line and column of its first byte that is not: reading
 * it as UTF-8 regardless would turn those bytes into U+FFFD silently.
 */
export function decodeUtf8(bytes: Uint8Array): { text: string } | { invalidAt: SourcePosition } {
  try {
    return { text: decoder.decode(bytes) };
  } catch {
    const offset = firstInvalidByte(bytes);
    const before = new TextDecoder("utf-8").decode(bytes.subarray(0, offset));
    const lines = before.split("\n");
    return { invalidAt: { line: lines.length, column: [...lines[lines.length - 1]!].length + 1 } };
  }
}

/** The offset of the first byte that does not start or continue a well-formed UTF-8 sequence. */
function firstInvalidByte(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length;) {
    const length = sequenceLength(bytes, i);
    if (length === 0) return i;
    i += length;
  }
  return bytes.length;
}

function sequenceLength(bytes: Uint8Array, i: number): number {
  const first = bytes[i]!;
  const need =
    first < 0x80
      ? 1
      : first >= 0xc2 && first <= 0xdf
        ? 2
        : first >= 0xe0 && first <= 0xef
          ? 3
          : first >= 0xf0 && first <= 0xf4
            ? 4
            : 0;
  if (need === 0) return 0;
  try {
    decoder.decode(bytes.subarray(i, i + need));
    return need;
  } catch {
    return 0;
  }
}
