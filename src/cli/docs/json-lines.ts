import { joinPointer } from "../../core/json-pointer.js";

/**
 * The line of each member key and array item of a JSON text, by JSON pointer, as the members
 * table cites them (`src/foo.json:12`): what the YAML parser's positions give of a JSON source,
 * read by one pass over the characters instead. A large set's sources are mostly JSON, and
 * parsing them as YAML was a fifth of `charter docs`'s own time on the SchemaStore corpus.
 * `undefined` when the text is not plain JSON (comments, trailing commas): the YAML parser
 * reads it then.
 */
export function jsonLines(text: string): Map<string, number> | undefined {
  try {
    JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    return undefined;
  }
  const lines = new Map<string, number>();
  // Each open container: its pointer, and the next array index (or -1 in an object).
  const stack: { pointer: string; index: number }[] = [];
  let line = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let key: string | undefined;
  let seenRoot = false;
  const value = (): string | undefined => {
    const top = stack.at(-1);
    if (top === undefined) {
      if (seenRoot) return undefined;
      seenRoot = true;
      lines.set("", line);
      return "";
    }
    if (top.index < 0) {
      if (key === undefined) return undefined;
      const pointer = joinPointer(top.pointer, key);
      key = undefined;
      return pointer;
    }
    const pointer = joinPointer(top.pointer, String(top.index++));
    lines.set(pointer, line);
    return pointer;
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === "\n") {
      line++;
      i++;
    } else if (c === " " || c === "\t" || c === "\r" || c === "," || c === ":") i++;
    else if (c === '"') {
      const end = stringEnd(text, i);
      if (end < 0) return undefined;
      const top = stack.at(-1);
      if (top !== undefined && top.index < 0 && key === undefined && nextSignificant(text, end) === ":") {
        key = JSON.parse(text.slice(i, end)) as string;
        lines.set(joinPointer(top.pointer, key), line);
      } else if (value() === undefined) return undefined;
      i = end;
    } else if (c === "{" || c === "[") {
      const pointer = value();
      if (pointer === undefined) return undefined;
      stack.push({ pointer, index: c === "{" ? -1 : 0 });
      i++;
    } else if (c === "}" || c === "]") {
      if (stack.pop() === undefined) return undefined;
      i++;
    } else if (/[-0-9tfn]/.test(c)) {
      if (value() === undefined) return undefined;
      while (i < text.length && /[-+.0-9eEa-z]/.test(text[i]!)) i++;
    } else return undefined;
  }
  return stack.length === 0 && seenRoot ? lines : undefined;
}

/** The index just past the string that starts at `start`, or -1 when it does not end on its line. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === '"') return i + 1;
    else if (c === "\n") return -1;
  }
  return -1;
}

function nextSignificant(text: string, from: number): string | undefined {
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if (c !== " " && c !== "\t" && c !== "\r" && c !== "\n") return c;
  }
  return undefined;
}
