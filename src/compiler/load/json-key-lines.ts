import { visit } from "jsonc-parser";
import { joinPointer } from "../../core/json-pointer.js";
import { withoutBom } from "./byte-order-mark.js";
import { offsetBeyondDepth } from "./parse-json-source.js";
import { MAX_DEPTH } from "./parse-source.js";

/** A container being read: its pointer, and for an array the index of its next element. */
interface Open {
  pointer: string;
  next: number;
  array: boolean;
}

/**
 * The line of each key of a JSON source, by the pointer of the value it names: the lines
 * `parseJsonSource` gives its keys, without the value and a position for every value, which
 * cost four times as long over the SchemaStore corpus, where the docs cite keys' lines only.
 * Undefined where that reading refuses the text (a syntax error, a comment, nesting beyond
 * what charter reads); a duplicate key keeps its last line.
 */
export function jsonKeyLines(text: string): Map<string, number> | undefined {
  const source = withoutBom(text);
  // The scanner recurses once per level, as the full reading's does.
  if (offsetBeyondDepth(source, MAX_DEPTH) !== undefined) return undefined;
  const lines = new Map<string, number>();
  const open: Open[] = [];
  // Lines counted by "\n" as far as the last key, as the full reading's positions count them.
  let line = 1;
  let counted = 0;
  let keyPointer = "";
  let failed = false;
  const lineAt = (offset: number) => {
    for (let next = source.indexOf("\n", counted); next !== -1 && next < offset; next = source.indexOf("\n", next + 1))
      line++;
    counted = offset;
    return line;
  };
  // The pointer of a value that starts here: the key just read, or the array's next index.
  const valuePointer = () => {
    const parent = open[open.length - 1];
    return parent === undefined ? "" : parent.array ? joinPointer(parent.pointer, parent.next++) : keyPointer;
  };
  visit(
    source,
    {
      onObjectBegin: () => void open.push({ pointer: valuePointer(), next: 0, array: false }),
      onArrayBegin: () => void open.push({ pointer: valuePointer(), next: 0, array: true }),
      onObjectEnd: () => void open.pop(),
      onArrayEnd: () => void open.pop(),
      onLiteralValue: () => {
        const parent = open[open.length - 1];
        if (parent?.array === true) parent.next++;
      },
      onObjectProperty: (key, offset) => {
        keyPointer = joinPointer(open[open.length - 1]!.pointer, key);
        lines.set(keyPointer, lineAt(offset));
      },
      onError: () => {
        failed = true;
      },
    },
    { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false },
  );
  return failed ? undefined : lines;
}
