import { parseTree, printParseErrorCode, type Node as JsonNode, type ParseError } from "jsonc-parser";
import { withoutBom } from "./byte-order-mark.js";
import { errorAt, type Diagnostic, type SourcePosition } from "../../core/diagnostic.js";
import { joinPointer } from "../../core/json-pointer.js";
import { LOAD_CODES } from "./codes.js";
import { lossyInteger } from "./lossy-integer.js";
import type { JsonValue } from "../../core/json-value.js";
import { MAX_DEPTH } from "./parse-source.js";
import type { ParsedSource } from "../../core/parsed-source.js";

/**
 * Strict JSON with positions. The YAML parser reads JSON too, but fifty times
 * slower than this scanner, and corpora of large `.json` schemas are common.
 * Comments, trailing commas and duplicate keys are refused.
 */
export function parseJsonSource(text: string, file: string): { parsed?: ParsedSource; diagnostics: Diagnostic[] } {
  const source = withoutBom(text);
  const at = positionFinder(source);

  // The parser recurses once per level: a document far deeper than charter takes is refused before it runs.
  const tooDeepAt = offsetBeyondDepth(source, MAX_DEPTH);
  if (tooDeepAt !== undefined)
    return {
      diagnostics: [
        errorAt(LOAD_CODES.tooDeep, `nested more than ${MAX_DEPTH} levels deep`, { file, position: at(tooDeepAt) }),
      ],
    };
  const errors: ParseError[] = [];
  const root = parseTree(source, errors, {
    disallowComments: true,
    allowTrailingComma: false,
    allowEmptyContent: false,
  });
  if (errors.length > 0) {
    return {
      // The parser's later errors follow from its first (a missing comma is also a value
      // expected, then a close bracket expected): one diagnostic, at the first cause.
      diagnostics: errors.slice(0, 1).map((e) => {
        const comma = trailingComma(source, e.offset);
        return comma !== undefined
          ? errorAt(LOAD_CODES.syntax, "JSON syntax error: a trailing comma; JSON allows none before } or ]", {
              file,
              position: at(comma),
            })
          : errorAt(LOAD_CODES.syntax, `JSON syntax error: ${humanize(printParseErrorCode(e.error))}`, {
              file,
              position: at(e.offset),
            });
      }),
    };
  }
  if (!root)
    return {
      diagnostics: [
        errorAt(LOAD_CODES.notSchema, "the file is empty; write a JSON Schema", {
          file,
          position: { line: 1, column: 1 },
        }),
      ],
    };

  const converter = new JsonConverter(source, file, at);
  let value: JsonValue;
  try {
    value = converter.convert(root, "", 0);
  } catch (error) {
    if (!(error instanceof TooDeep)) throw error;
    return {
      diagnostics: [
        errorAt(LOAD_CODES.tooDeep, `nested more than ${MAX_DEPTH} levels deep`, {
          file,
          position: at(error.offset),
          pointer: error.pointer,
        }),
      ],
    };
  }
  const { positions, keyPositions, diagnostics } = converter;
  return diagnostics.some((d) => d.severity === "error")
    ? { diagnostics }
    : { parsed: { value, positions, keyPositions }, diagnostics };
}

/** The line and column of an offset into `source`, found by binary search over its line starts. */
export function positionFinder(source: string): (offset: number) => SourcePosition {
  const lineStarts = [0];
  for (let i = 0; i < source.length; i++) if (source.charCodeAt(i) === 10) lineStarts.push(i + 1);
  return (offset) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (lineStarts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - lineStarts[low]! + 1 };
  };
}

/**
 * The parser's tree as a JSON value, with the position of every value and key;
 * a level beyond MAX_DEPTH throws TooDeep.
 */
class JsonConverter {
  readonly positions = new Map<string, SourcePosition>();
  readonly keyPositions = new Map<string, SourcePosition>();
  readonly diagnostics: Diagnostic[] = [];

  constructor(
    private readonly source: string,
    private readonly file: string,
    private readonly at: (offset: number) => SourcePosition,
  ) {}

  convert(node: JsonNode, pointer: string, depth: number): JsonValue {
    this.positions.set(pointer, this.at(node.offset));
    if (depth > MAX_DEPTH) throw new TooDeep(node.offset, pointer);
    switch (node.type) {
      case "object":
        return this.object(node, pointer, depth);
      case "array":
        return (node.children ?? []).map((child, index) => this.convert(child, joinPointer(pointer, index), depth + 1));
      case "number":
        return this.number(node, pointer);
      default:
        return node.value as JsonValue;
    }
  }

  private object(node: JsonNode, pointer: string, depth: number): JsonValue {
    const result: { [key: string]: JsonValue } = {};
    for (const property of node.children ?? []) {
      const [keyNode, valueNode] = property.children ?? [];
      if (!keyNode || !valueNode) continue;
      const key = keyNode.value as string;
      const childPointer = joinPointer(pointer, key);
      if (Object.prototype.hasOwnProperty.call(result, key)) {
        this.diagnostics.push(
          errorAt(LOAD_CODES.duplicateKey, `duplicate key "${key}"`, {
            file: this.file,
            position: this.at(keyNode.offset),
            pointer: childPointer,
          }),
        );
        continue;
      }
      this.keyPositions.set(childPointer, this.at(keyNode.offset));
      Object.defineProperty(result, key, {
        value: this.convert(valueNode, childPointer, depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return result;
  }

  private number(node: JsonNode, pointer: string): JsonValue {
    const value = node.value as number;
    const written = this.source.slice(node.offset, node.offset + node.length);
    if (!Number.isFinite(value)) {
      this.diagnostics.push(
        errorAt(LOAD_CODES.notJson, `${written} is beyond the range of a JSON number`, {
          file: this.file,
          position: this.at(node.offset),
          pointer,
        }),
      );
      return null;
    }
    if (/^-?\d+$/.test(written) && !Number.isSafeInteger(value) && BigInt(written) !== BigInt(value)) {
      this.diagnostics.push(lossyInteger(written, value, this.file, this.at(node.offset), pointer));
    }
    return value;
  }
}

/** Where JSON text opens an array or object more than `max` levels deep, outside strings; undefined if it never does. */
export function offsetBeyondDepth(text: string, max: number): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max + 1) return i;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return undefined;
}

/** The offset of a comma that the closing bracket at `offset` follows (blanks between), if any. */
function trailingComma(source: string, offset: number): number | undefined {
  if (source[offset] !== "}" && source[offset] !== "]") return undefined;
  let i = offset - 1;
  while (i >= 0 && /\s/.test(source[i]!)) i--;
  return source[i] === "," ? i : undefined;
}

function humanize(code: string): string {
  return code.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
}

class TooDeep extends Error {
  constructor(
    readonly offset: number,
    readonly pointer: string,
  ) {
    super("too deep");
  }
}
