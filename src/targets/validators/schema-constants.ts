/**
 * Rewrite of ajv's standalone code: each schema it keeps as a constant
 * (`const schema12 = {…}`) is cut down to what the code reads from it. ajv
 * writes a schema whole, descriptions and all, wherever its code reads one
 * value of it (an enum's values, a type list, the property names an
 * `additionalProperties: false` checks keys against): on the SchemaStore
 * corpus they were 82 MB of 460 (with two modules per contract then). What the code reads is found by the accessor chains that follow each
 * constant's name (`schema12.properties.kind.enum`): the value at the end of a
 * chain is kept whole, every other member goes, and a constant nothing reads
 * goes too. A chain read only by
 * `hasOwnProperty.call(chain, key)` keeps its keys, each valued `true`. A use
 * of a constant this cannot follow (the name alone, a computed index) keeps
 * the value at that point whole, so a module never reads a member that was
 * removed.
 */
import { STRING_LITERAL_SOURCE } from "./ajv-code-patterns.js";

interface Reads {
  /** Read as a value: kept as it is. */
  whole: boolean;
  /** Read by hasOwnProperty alone: its keys are kept. */
  keys: boolean;
  members: Map<string, Reads>;
}

const DROPPED = "\u0000";
const CONSTANT = /^const (schema\d+) = (.+);$/;
// A constant's name and the member accesses that follow it: `.name`, `[3]`, `["a-b"]`.
const ACCESS = new RegExp(String.raw`\b(schema\d+)((?:\.[A-Za-z_$][\w$]*|\[(?:\d+|${STRING_LITERAL_SOURCE})\])*)`, "g");
const STEP = new RegExp(String.raw`\.([A-Za-z_$][\w$]*)|\[(\d+)\]|\[(${STRING_LITERAL_SOURCE})\]`, "g");

/** `lines` of ajv's code with its schema constants cut down: a new array, or `lines` itself when it declares none. */
export function pruneSchemaConstants(lines: readonly string[]): readonly string[] {
  const constants = new Map<string, number>();
  lines.forEach((line, index) => {
    const declared = line.startsWith("const schema") ? CONSTANT.exec(line) : null;
    if (declared) constants.set(declared[1]!, index);
  });
  if (constants.size === 0) return lines;
  const reads = readsOf(lines, new Set(constants.values()), constants);
  const rewritten = new Map<number, string>();
  for (const [name, index] of constants) {
    const value = parse(CONSTANT.exec(lines[index]!)![2]!);
    const read = reads.get(name);
    if (value === undefined || read?.whole) continue;
    // A constant nothing reads (ajv declares some whose only use its optimizer removed) goes.
    rewritten.set(index, read === undefined ? DROPPED : `const ${name} = ${stringify(prune(value, read))};`);
  }
  const out: string[] = [];
  lines.forEach((line, index) => {
    const replaced = rewritten.get(index) ?? line;
    if (replaced !== DROPPED) out.push(replaced);
  });
  return out;
}

/**
 * What the code reads of each constant, a line at a time (no access spans two); the lines that
 * declare the constants read nothing.
 */
function readsOf(
  lines: readonly string[],
  declarations: ReadonlySet<number>,
  constants: ReadonlyMap<string, number>,
): Map<string, Reads> {
  const ownKeys: string[] = [];
  for (const line of lines) {
    const own = line.startsWith("const func") ? HAS_OWN_PROPERTY.exec(line) : null;
    if (own) ownKeys.push(own[1]!);
  }
  const reads = new Map<string, Reads>();
  lines.forEach((line, index) => {
    if (!line.includes("schema") || declarations.has(index)) return;
    for (const access of line.matchAll(ACCESS)) {
      const name = access[1]!;
      if (!constants.has(name)) continue;
      const before = line.slice(Math.max(0, access.index - 24), access.index);
      const keysOnly = ownKeys.some((f) => before.endsWith(`${f}.call(`));
      record(reads, name, steps(access[2]!), keysOnly);
    }
  });
  return reads;
}

/** The module's names for `Object.prototype.hasOwnProperty` (ajv's `func0` and the like). */
const HAS_OWN_PROPERTY = /^const (func\d+) = Object\.prototype\.hasOwnProperty;$/;

function steps(chain: string): string[] {
  return [...chain.matchAll(STEP)].map((m) => m[1] ?? m[2] ?? (JSON.parse(m[3]!) as string));
}

function record(reads: Map<string, Reads>, name: string, path: readonly string[], keysOnly: boolean): void {
  const root = reads.get(name) ?? emptyReads();
  reads.set(name, root);
  const node = path.reduce((parent: Reads, step) => {
    const child = parent.members.get(step) ?? emptyReads();
    parent.members.set(step, child);
    return child;
  }, root);
  if (keysOnly && path.length > 0) node.keys = true;
  else node.whole = true;
}

function emptyReads(): Reads {
  return { whole: false, keys: false, members: new Map() };
}

function prune(value: unknown, read: Reads): unknown {
  if (read.whole || value === null || typeof value !== "object") return value;
  // A member the value does not have (`.length`, `.includes`): the code uses the value itself.
  if (
    [...read.members.keys()].some((key) => !Object.hasOwn(value, key) || (Array.isArray(value) && !/^\d+$/.test(key)))
  )
    return value;
  if (Array.isArray(value)) {
    // Indexes stay where they were; an item nothing reads becomes null.
    if (read.keys) return value;
    return value.map((item, index) => {
      const member = read.members.get(String(index));
      return member === undefined ? null : prune(item, member);
    });
  }
  const kept: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    const memberReads = read.members.get(key);
    if (memberReads === undefined && !read.keys) continue;
    // defineProperty: a key named __proto__ stays a key.
    Object.defineProperty(kept, key, {
      value: memberReads === undefined ? true : prune(member, memberReads),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return kept;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** As ajv writes a value into code: JSON, with the two line separators JavaScript once refused escaped. */
function stringify(value: unknown): string {
  return JSON.stringify(value)
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
