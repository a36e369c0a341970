import { isMap, isScalar, isSeq, parseDocument } from "yaml";

/** A JSON Schema printed in a plain-text document, as the document prints it. */
export interface PrintedSchema {
  /** 1-based, in the order the schemas appear in the document. */
  index: number;
  syntax: "json" | "yaml";
  /** The schema's own text, cut from the document (a YAML value's indentation taken off), ready to save as a source. */
  text: string;
  value: unknown;
  /** Line of the document where the schema starts. */
  line: number;
  /** The mapping key it is printed under, when it is a value inside a larger document (`result-schema: ...`). */
  key?: string;
}

const TYPES = new Set(["null", "boolean", "object", "array", "number", "integer", "string"]);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A mapping that declares itself a schema: a `$schema`, definitions, properties, or a JSON Schema `type`. */
export function looksLikeSchema(value: unknown): boolean {
  if (!isObject(value)) return false;
  const { type } = value;
  return (
    typeof value.$schema === "string" ||
    isObject(value.$defs) ||
    isObject(value.definitions) ||
    isObject(value.properties) ||
    (typeof type === "string" && TYPES.has(type)) ||
    (Array.isArray(type) && type.length > 0 && type.every((t) => typeof t === "string" && TYPES.has(t)))
  );
}

/**
 * Every schema a document prints: JSON objects (balanced braces, strings
 * respected) that JSON.parse accepts, and YAML blocks (a paragraph that starts
 * with a `key:` at the margin and parses as a mapping). Inside either, the
 * outermost mappings that look like schemas are taken, so a schema printed as
 * a value of a larger document counts, and its subschemas do not count again.
 */
export function printedSchemas(text: string): PrintedSchema[] {
  const found: (Omit<PrintedSchema, "index"> & { offset: number })[] = [];
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") lineStarts.push(i + 1);
  const lineOf = (offset: number) => lineStarts.filter((start) => start <= offset).length;
  const columnOf = (offset: number) => offset - lineStarts[lineOf(offset) - 1]!;

  const collect = (block: string, blockStart: number, syntax: "json" | "yaml") => {
    const document = parseDocument(block, { strict: true, uniqueKeys: true });
    if (document.errors.length > 0) return false;
    const visit = (node: unknown, key: string | undefined) => {
      if (isMap(node)) {
        const value: unknown = node.toJSON();
        if (looksLikeSchema(value)) {
          const [start, end] = node.range!;
          const column = columnOf(blockStart + start);
          // A block mapping's later lines carry the indentation of its first key: take it off so the text stands alone.
          const own = block
            .slice(start, end)
            .trimEnd()
            .split("\n")
            .map((line, i) => (i === 0 ? line : line.slice(Math.min(column, line.length - line.trimStart().length))))
            .join("\n");
          found.push({
            syntax,
            text: own + "\n",
            value,
            offset: blockStart + start,
            line: lineOf(blockStart + start),
            ...(key !== undefined ? { key } : {}),
          });
          return;
        }
        for (const pair of node.items) visit(pair.value, isScalar(pair.key) ? String(pair.key.value) : undefined);
      } else if (isSeq(node)) {
        for (const item of node.items) visit(item, undefined);
      }
    };
    visit(document.contents, undefined);
    return isMap(document.contents);
  };

  // YAML blocks first: a JSON-looking flow mapping inside one belongs to it.
  const yamlBlocks: [number, number][] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    if (!/^[A-Za-z_$][\w$.-]*:( |$)/.test(lines[i]!)) continue;
    let last = i;
    // The block runs on over blank lines while what follows is indented, a list item, or another key at the margin.
    for (let j = i + 1; j < lines.length; j++) {
      if (lines[j]!.trim() === "") continue;
      if (!/^(\s|- |[A-Za-z_$][\w$.-]*:( |$))/.test(lines[j]!)) break;
      last = j;
    }
    const start = lineStarts[i]!;
    const end = lineStarts[last]! + lines[last]!.length;
    if (collect(text.slice(start, end), start, "yaml")) yamlBlocks.push([start, end]);
    i = last;
  }

  for (let start = text.indexOf("{"); start !== -1;) {
    const inYaml = yamlBlocks.some(([from, to]) => start >= from && start < to);
    const end = inYaml ? -1 : balancedEnd(text, start);
    let next = start + 1;
    if (end !== -1) {
      const candidate = text.slice(start, end);
      let parsed: unknown;
      try {
        parsed = JSON.parse(candidate);
      } catch {
        parsed = undefined;
      }
      // JSON is YAML: the same walk finds the schemas of a JSON object, and their text.
      if (isObject(parsed)) {
        collect(candidate, start, "json");
        next = end;
      }
    }
    start = text.indexOf("{", next);
  }
  return found.sort((a, b) => a.offset - b.offset).map(({ offset: _, ...schema }, i) => ({ index: i + 1, ...schema }));
}

/** The offset just after the `}` that closes the `{` at `start`, or -1 when none does. */
function balancedEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i + 1;
  }
  return -1;
}
