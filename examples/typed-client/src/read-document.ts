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

export interface ReadOptions {
  /** Integers as `bigint`, exact at any size (JSON.parse rounds beyond 2^53). */
  integersAsBigInt?: boolean;
}

/** `.json` files must be JSON (no YAML extensions); anything else is read as YAML 1.2. */
export async function readDocument(file: string, options: ReadOptions = {}): Promise<ReadResult> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    return {
      ok: false,
      position: { line: 1, column: 1 },
      message: `cannot read the file (${(error as NodeJS.ErrnoException).code ?? "read failed"})`,
    };
  }
  const lines = new LineCounter();
  const position = (offset: number): Position => {
    const { line, col } = lines.linePos(offset);
    return { line, column: col };
  };
  const document = parseDocument(text, {
    lineCounter: lines,
    prettyErrors: false,
    uniqueKeys: true,
    intAsBigInt: options.integersAsBigInt ?? false,
  });
  if (file.endsWith(".json")) {
    try {
      JSON.parse(text);
    } catch (error) {
      // Node 20 says "at position N"; later versions add "(line L column C)".
      const message = (error as Error).message;
      const at = /\(line (\d+) column (\d+)\)/.exec(message);
      const offset = /at position (\d+)/.exec(message);
      return {
        ok: false,
        position: at
          ? { line: Number(at[1]), column: Number(at[2]) }
          : offset
            ? position(Number(offset[1]))
            : { line: 1, column: 1 },
        message: message.replace(/ in JSON at position \d+.*$/, ""),
      };
    }
  }
  const problem = document.errors[0];
  if (problem) return { ok: false, position: position(problem.pos[0]), message: problem.message.split("\n")[0]! };
  return {
    ok: true,
    data: document.toJS(),
    locate: (pointer, key) => position(offsetOf(document.contents, pointer, key)),
  };
}

/**
 * Where the value at `pointer` starts; with `key`, where that member's key starts (an unwanted
 * property is best shown at its name). Falls back to the deepest node the pointer reaches.
 */
function offsetOf(root: unknown, pointer: string, key?: string): number {
  const tokens =
    pointer === ""
      ? []
      : pointer
          .slice(1)
          .split("/")
          .map((t) => t.replaceAll("~1", "/").replaceAll("~0", "~"));
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
