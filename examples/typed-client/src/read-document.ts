// Reads a JSON or YAML document and keeps where each value was written, so that a violation's
// JSON pointer can be shown as the line and column a person edits.
import { readFile } from "node:fs/promises";
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Node } from "yaml";

export interface Position {
  line: number;
  column: number;
}

export type ReadResult =
  | { ok: true; data: unknown; locate: (pointer: string, key?: string) => Position }
  | { ok: false; position: Position; message: string };

/** `.json` files are parsed as JSON (no YAML extensions); anything else as YAML 1.2. */
export async function readDocument(file: string): Promise<ReadResult> {
  const text = await readFile(file, "utf8");
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const position = (offset: number): Position => {
    const { line, col } = lines.linePos(offset);
    return { line, column: col };
  };
  const problem = document.errors[0];
  if (problem) return { ok: false, position: position(problem.pos[0]), message: problem.message.split("\n")[0]! };
  let data: unknown;
  if (file.endsWith(".json")) {
    try {
      data = JSON.parse(text);
    } catch (error) {
      return { ok: false, position: { line: 1, column: 1 }, message: (error as Error).message };
    }
  } else {
    data = document.toJS();
  }
  return { ok: true, data, locate: (pointer, key) => position(offsetOf(document.contents, pointer, key)) };
}

/**
 * Where the value at `pointer` starts; with `key`, where that member's key starts (an unwanted
 * property is best shown at its name). Falls back to the deepest node the pointer reaches.
 */
function offsetOf(root: unknown, pointer: string, key?: string): number {
  const tokens = pointer === "" ? [] : pointer.slice(1).split("/").map((t) => t.replaceAll("~1", "/").replaceAll("~0", "~"));
  if (key !== undefined) tokens.push(key);
  let node = root as Node | null;
  let offset = node?.range?.[0] ?? 0;
  for (const [index, token] of tokens.entries()) {
    let next: Node | null = null;
    if (isMap(node)) {
      const pair = node.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === token);
      if (!pair) break;
      const atKey = key !== undefined && index === tokens.length - 1;
      if (atKey) return (pair.key as Node).range?.[0] ?? offset;
      next = pair.value as Node | null;
      offset = next?.range?.[0] ?? (pair.key as Node).range?.[0] ?? offset;
    } else if (isSeq(node)) {
      next = (node.items[Number(token)] as Node | undefined) ?? null;
      if (!next) break;
      offset = next.range?.[0] ?? offset;
    } else {
      break;
    }
    node = next;
  }
  return offset;
}
