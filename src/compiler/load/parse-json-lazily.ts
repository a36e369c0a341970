import type { Diagnostic, SourcePosition } from "../../core/diagnostic.js";
import type { JsonValue } from "../../core/json-value.js";
import type { ParsedSource } from "../../core/parsed-source.js";
import { withoutBom } from "./byte-order-mark.js";
import { readPlainJson } from "./parse-json-data.js";
import { parseJsonSource } from "./parse-json-source.js";

/**
 * A JSON source, read as `parseJsonSource` reads it (the same value and the
 * same findings), whose positions are found only when a stage first asks for
 * one. Keeping a position for every value and key cost five times the value
 * itself over the SchemaStore corpus (208 MB against 34 MB for 685 schemas)
 * and most of the time of reading it (1.9 s against 0.4 s), while two thirds of
 * those schemas are never pointed into. The text is kept until then, and the
 * positions found then are those the full reading finds.
 */
export function parseJsonSourceLazily(
  text: string,
  file: string,
  /** An earlier run found this very text plain: `JSON.parse` alone reads it. */
  knownPlain = false,
): { parsed?: ParsedSource; diagnostics: Diagnostic[]; plain?: true } {
  const read = (knownPlain ? parsedAlone(withoutBom(text)) : undefined) ?? readPlainJson(withoutBom(text));
  if (read === undefined) return parseJsonSource(text, file);
  let pending: string | undefined = text;
  let located: Pick<ParsedSource, "positions" | "keyPositions"> | undefined;
  const locate = () => {
    if (located === undefined) {
      // The fast reading vouched for the text: the full one reads it without a finding.
      const { positions, keyPositions } = parseJsonSource(pending!, file).parsed ?? {
        positions: new Map(),
        keyPositions: new Map(),
      };
      // Only the positions are kept: the full reading's value is a second copy of `read.value`.
      located = { positions, keyPositions };
      pending = undefined;
    }
    return located;
  };
  return {
    parsed: {
      value: read.value,
      positions: new LazyMap(() => locate().positions),
      keyPositions: new LazyMap(() => locate().keyPositions),
    },
    diagnostics: [],
    plain: true,
  };
}

/** The value `JSON.parse` reads, without the scan that vouches for it. */
function parsedAlone(source: string): { value: JsonValue } | undefined {
  try {
    return { value: JSON.parse(source) as JsonValue };
  } catch {
    return undefined;
  }
}

/** A read-only map made on its first use; its fields are private, so it serializes as a Map does (`{}`). */
class LazyMap implements ReadonlyMap<string, SourcePosition> {
  #made: ReadonlyMap<string, SourcePosition> | undefined;
  readonly #make: () => ReadonlyMap<string, SourcePosition>;

  constructor(make: () => ReadonlyMap<string, SourcePosition>) {
    this.#make = make;
  }

  private get map(): ReadonlyMap<string, SourcePosition> {
    return (this.#made ??= this.#make());
  }

  get size(): number {
    return this.map.size;
  }

  get(key: string): SourcePosition | undefined {
    return this.map.get(key);
  }

  has(key: string): boolean {
    return this.map.has(key);
  }

  forEach(
    callback: (value: SourcePosition, key: string, map: ReadonlyMap<string, SourcePosition>) => void,
    thisArg?: unknown,
  ): void {
    this.map.forEach((value, key) => callback.call(thisArg, value, key, this));
  }

  entries(): MapIterator<[string, SourcePosition]> {
    return this.map.entries();
  }

  keys(): MapIterator<string> {
    return this.map.keys();
  }

  values(): MapIterator<SourcePosition> {
    return this.map.values();
  }

  [Symbol.iterator](): MapIterator<[string, SourcePosition]> {
    return this.map[Symbol.iterator]();
  }
}
