import { parseTree, printParseErrorCode, type Node as JsonNode, type ParseError } from "jsonc-parser";
import { errorAt, type Diagnostic, type SourcePosition } from "../diagnostic.js";
import { joinPointer } from "../json-pointer.js";
import { LOAD_CODES } from "./codes.js";
import type { JsonValue, ParsedSource } from "./parse-source.js";

/**
 * Strict JSON with positions. The YAML parser reads JSON too, but fifty times
 * slower than this scanner, and corpora of large `.json` schemas are common.
 * Comments, trailing commas and duplicate keys are refused.
 */
export function parseJsonSource(text: string, file: string): { parsed?: ParsedSource; diagnostics: Diagnostic[] } {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lineStarts = [0];
  for (let i = 0; i < source.length; i++) if (source.charCodeAt(i) === 10) lineStarts.push(i + 1);
  const at = (offset: number): SourcePosition => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (lineStarts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - lineStarts[low]! + 1 };
  };

  const errors: ParseError[] = [];
  const root = parseTree(source, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  if (errors.length > 0) {
    return {
      diagnostics: errors.map((e) =>
        errorAt(LOAD_CODES.syntax, `JSON syntax error: ${humanize(printParseErrorCode(e.error))}`, { file, position: at(e.offset) }),
      ),
    };
  }
  if (!root) return { diagnostics: [errorAt(LOAD_CODES.notSchema, "the file is empty; write a JSON Schema", { file, position: { line: 1, column: 1 } })] };

  const positions = new Map<string, SourcePosition>();
  const keyPositions = new Map<string, SourcePosition>();
  const diagnostics: Diagnostic[] = [];
  const convert = (node: JsonNode, pointer: string): JsonValue => {
    positions.set(pointer, at(node.offset));
    switch (node.type) {
      case "object": {
        const result: { [key: string]: JsonValue } = {};
        for (const property of node.children ?? []) {
          const [keyNode, valueNode] = property.children ?? [];
          if (!keyNode || !valueNode) continue;
          const key = keyNode.value as string;
          const childPointer = joinPointer(pointer, key);
          if (Object.prototype.hasOwnProperty.call(result, key)) {
            diagnostics.push(errorAt(LOAD_CODES.duplicateKey, `duplicate key "${key}"`, { file, position: at(keyNode.offset), pointer: childPointer }));
            continue;
          }
          keyPositions.set(childPointer, at(keyNode.offset));
          Object.defineProperty(result, key, { value: convert(valueNode, childPointer), enumerable: true, writable: true, configurable: true });
        }
        return result;
      }
      case "array":
        return (node.children ?? []).map((child, index) => convert(child, joinPointer(pointer, index)));
      default:
        return node.value as JsonValue;
    }
  };
  const value = convert(root, "");
  return diagnostics.length > 0 ? { diagnostics } : { parsed: { value, positions, keyPositions }, diagnostics: [] };
}

function humanize(code: string): string {
  return code.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
}
