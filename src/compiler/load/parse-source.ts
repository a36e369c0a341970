import type { JsonValue } from "../../core/json-value.js";
import { withoutBom } from "./byte-order-mark.js";
import type { Alias, Document, Node as YamlNode, Scalar, YAMLMap } from "yaml";
import type * as Yaml from "yaml";
import { errorAt, type Diagnostic, type SourcePosition } from "../../core/diagnostic.js";
import { requireOnFirstUse } from "../../core/require-on-first-use.js";
import { lossyInteger } from "./lossy-integer.js";
import { joinPointer } from "../../core/json-pointer.js";
import { LOAD_CODES } from "./codes.js";
import type { ParsedSource } from "../../core/parsed-source.js";
import { indentationCause } from "./syntax-cause.js";

/** yaml, required on the first YAML text: a project of JSON sources never loads it (40 ms). */
const yaml = requireOnFirstUse<typeof Yaml>(import.meta.url, "yaml");

/** Above this many nodes copied through aliases, expansion is treated as an attack, not a schema. */
export const MAX_ALIAS_NODES = 100_000;
/** Deeper nesting is refused rather than risked against the call stack of every later stage. */
export const MAX_DEPTH = 500;

const PLAIN_TAGS = new Set(["str", "int", "float", "bool", "null", "map", "seq"].map((t) => `tag:yaml.org,2002:${t}`));

/**
 * Parses one YAML or JSON source into a JSON value, keeping the position of
 * every node so that later stages can point into the file. Refuses what has no
 * single JSON meaning: duplicate keys, custom tags, several documents,
 * non-finite numbers, and alias expansions that blow up.
 */
/** The parser's errors for a key that spills over lines: most often a line indented too deep (syntax-cause.ts). */
const MISPLACED_KEY: ReadonlySet<string> = new Set(["MULTILINE_IMPLICIT_KEY", "BLOCK_AS_IMPLICIT_KEY"]);

export function parseSource(text: string, file: string): { parsed?: ParsedSource; diagnostics: Diagnostic[] } {
  const { LineCounter, parseAllDocuments } = yaml();
  const lineCounter = new LineCounter();
  const source = withoutBom(text);
  const documents = parseAllDocuments(source, {
    lineCounter,
    // Keys are compared as charter writes them (the text of a plain `1:` key), below, not as YAML values.
    uniqueKeys: false,
    intAsBigInt: true,
    schema: "core",
    merge: false,
    prettyErrors: false,
    strict: true,
  });
  const at = (offset: number): SourcePosition => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };

  if (documents.length === 0) {
    return {
      diagnostics: [
        errorAt(LOAD_CODES.notSchema, "the file is empty; write a JSON Schema", {
          file,
          position: { line: 1, column: 1 },
        }),
      ],
    };
  }
  if (documents.length > 1) {
    const second = documents[1]!;
    return {
      diagnostics: [
        errorAt(LOAD_CODES.multipleDocuments, "the file holds several YAML documents; a source holds one schema", {
          file,
          position: at(second.range[0]),
        }),
      ],
    };
  }
  const document = documents[0]!;
  const diagnostics: Diagnostic[] = [];
  // The parser's own recursion gave out: nesting far deeper than charter takes anyway. What it reports after that is noise.
  const overflow = document.errors.find((problem) => /Maximum call stack size exceeded/.test(problem.message));
  if (overflow) {
    return {
      diagnostics: [
        errorAt(
          LOAD_CODES.tooDeep,
          `nested more than ${MAX_DEPTH} levels deep (too deep for the YAML parser to read)`,
          { file, position: at(overflow.pos[0]) },
        ),
      ],
    };
  }
  let syntax = false;
  for (const problem of [...document.errors, ...document.warnings]) {
    const code =
      problem.code === "DUPLICATE_KEY"
        ? LOAD_CODES.duplicateKey
        : problem.code === "TAG_RESOLVE_FAILED"
          ? LOAD_CODES.customTag
          : LOAD_CODES.syntax;
    // What the parser says after its first syntax error follows from that one: one diagnostic, at its cause.
    if (code === LOAD_CODES.syntax && syntax) continue;
    syntax ||= code === LOAD_CODES.syntax;
    const message = problem.message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "");
    const cause = MISPLACED_KEY.has(problem.code) ? indentationCause(source, at(problem.pos[0])) : undefined;
    diagnostics.push(
      cause
        ? errorAt(code, cause.message, { file, position: cause.position })
        : errorAt(code, message, { file, position: at(problem.pos[0]) }),
    );
  }
  if (diagnostics.length > 0) return { diagnostics };

  const converter = new Converter(document, file, at);
  const value = converter.convert(document.contents as YamlNode | null, "", 0);
  if (converter.diagnostics.some((d) => d.severity === "error")) return { diagnostics: converter.diagnostics };
  return {
    parsed: { value, positions: converter.positions, keyPositions: converter.keyPositions },
    diagnostics: converter.diagnostics,
  };
}

class Converter {
  readonly positions = new Map<string, SourcePosition>();
  readonly keyPositions = new Map<string, SourcePosition>();
  readonly diagnostics: Diagnostic[] = [];
  /** Nodes produced by expanding aliases; plain nodes cost nothing, so large documents are not limited. */
  private aliased = 0;
  private aliasDepth = 0;
  private exploded = false;
  /** Anchored nodes being expanded, to catch an alias inside the node it names. */
  private readonly expanding = new Set<YamlNode>();
  /** What each alias names, found in one walk of the document when the first alias is met. */
  private targets: Map<Alias, YamlNode> | undefined;
  /** Taken once: every node asks what kind it is. */
  private readonly yaml = yaml();

  constructor(
    private readonly document: Document.Parsed,
    private readonly file: string,
    private readonly at: (offset: number) => SourcePosition,
  ) {}

  convert(node: YamlNode | null, pointer: string, depth: number): JsonValue {
    if (this.exploded) return null;
    if (depth > MAX_DEPTH) {
      this.exploded = true;
      this.fail(LOAD_CODES.tooDeep, `nested more than ${MAX_DEPTH} levels deep`, node, pointer);
      return null;
    }
    if (this.aliasDepth > 0 && ++this.aliased > MAX_ALIAS_NODES) {
      this.exploded = true;
      this.fail(LOAD_CODES.aliasBomb, `aliases expand to more than ${MAX_ALIAS_NODES} nodes`, node, pointer);
      return null;
    }
    if (node === null) return null;
    if (node.range && !this.positions.has(pointer)) this.positions.set(pointer, this.at(node.range[0]));

    if (this.yaml.isAlias(node)) return this.alias(node, pointer, depth);
    if (node.tag !== undefined && !PLAIN_TAGS.has(node.tag)) {
      this.fail(LOAD_CODES.customTag, `tag ${node.tag} has no JSON meaning`, node, pointer);
      return null;
    }
    if (this.yaml.isScalar(node)) return this.scalar(node, pointer);
    if (this.yaml.isSeq(node)) {
      return node.items.map((item, index) =>
        this.convert(item as YamlNode | null, joinPointer(pointer, index), depth + 1),
      );
    }
    if (this.yaml.isMap(node)) return this.mapping(node, pointer, depth);
    this.fail(LOAD_CODES.notJson, "node has no JSON form", node, pointer);
    return null;
  }

  /** The node an alias names, converted in its place; an alias inside the node it names is refused. */
  private alias(node: Alias, pointer: string, depth: number): JsonValue {
    this.targets ??= aliasTargets(this.document, this.yaml);
    const target = this.targets.get(node);
    if (!target) {
      this.fail(LOAD_CODES.syntax, `alias *${node.source} names no anchor`, node, pointer);
      return null;
    }
    if (this.expanding.has(target)) {
      this.fail(LOAD_CODES.aliasBomb, `alias *${node.source} refers to a node that contains it`, node, pointer);
      return null;
    }
    this.aliasDepth++;
    this.expanding.add(target);
    try {
      return this.convert(target, pointer, depth);
    } finally {
      this.aliasDepth--;
      this.expanding.delete(target);
    }
  }

  private scalar(node: Scalar, pointer: string): JsonValue {
    const value = node.value;
    if (value === null || typeof value === "boolean" || typeof value === "string") return value;
    if (typeof value === "number") {
      if (!Number.isFinite(value)) {
        this.fail(LOAD_CODES.notJson, `${String(value)} is not a JSON number`, node, pointer);
        return null;
      }
      return value;
    }
    if (typeof value === "bigint") {
      const number = Number(value);
      if (!Number.isSafeInteger(number) && BigInt(number) !== value) {
        this.diagnostics.push(
          lossyInteger(String(value), number, this.file, node.range ? this.at(node.range[0]) : undefined, pointer),
        );
      }
      return number;
    }
    this.fail(LOAD_CODES.notJson, "scalar has no JSON form", node, pointer);
    return null;
  }

  private mapping(node: YAMLMap, pointer: string, depth: number): JsonValue {
    const result: { [key: string]: JsonValue } = {};
    for (const pair of node.items) {
      const keyNode = pair.key as YamlNode | null;
      if (!this.yaml.isScalar(keyNode) || (keyNode.tag !== undefined && !PLAIN_TAGS.has(keyNode.tag))) {
        this.fail(LOAD_CODES.notJson, "mapping keys must be plain scalars", keyNode ?? node, pointer);
        continue;
      }
      if (keyNode.type === "PLAIN" && keyNode.value === "<<") {
        this.fail(
          LOAD_CODES.mergeKey,
          "YAML merge keys (<<) are not read; share a schema with $ref or allOf",
          keyNode,
          pointer,
        );
        continue;
      }
      // A plain `200:` key keeps the text its author wrote, not the number it parses to.
      const key = typeof keyNode.value === "string" ? keyNode.value : (keyNode.source ?? String(keyNode.value));
      const childPointer = joinPointer(pointer, key);
      if (Object.prototype.hasOwnProperty.call(result, key)) {
        this.fail(LOAD_CODES.duplicateKey, `duplicate key "${key}"`, keyNode, childPointer);
        continue;
      }
      if (keyNode.range && !this.keyPositions.has(childPointer))
        this.keyPositions.set(childPointer, this.at(keyNode.range[0]));
      const child = this.convert(pair.value as YamlNode | null, childPointer, depth + 1);
      if (pair.value === null && keyNode.range) this.positions.set(childPointer, this.at(keyNode.range[0]));
      // defineProperty keeps a `__proto__` key an ordinary own property.
      Object.defineProperty(result, key, { value: child, enumerable: true, writable: true, configurable: true });
    }
    return result;
  }

  private fail(
    code: (typeof LOAD_CODES)[keyof typeof LOAD_CODES],
    message: string,
    node: YamlNode | null,
    pointer: string,
  ) {
    const position = node?.range ? this.at(node.range[0]) : undefined;
    this.diagnostics.push(errorAt(code, message, { file: this.file, position, pointer }));
  }
}

/**
 * The node each alias names: the last node before it with that anchor, as
 * yaml's `Alias.resolve` says, in one walk of the document. `resolve` walks the
 * document from its start for each alias, so 20,000 aliases took over a minute.
 */
function aliasTargets(document: Document.Parsed, { visit, isAlias }: typeof Yaml): Map<Alias, YamlNode> {
  const latest = new Map<string, YamlNode>();
  const targets = new Map<Alias, YamlNode>();
  visit(document, {
    Node: (_key, node) => {
      if (isAlias(node)) {
        const target = latest.get(node.source);
        if (target !== undefined) targets.set(node, target);
      } else if (node.anchor !== undefined) latest.set(node.anchor, node as YamlNode);
    },
  });
  return targets;
}
