import { isDeepStrictEqual } from "node:util";
import { hasErrors, type Diagnostic, type SourcePosition } from "../../core/diagnostic.js";
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
  /**
   * An earlier run found this very text plain, with these findings of the full reading (numbers
   * beyond a double): `JSON.parse` alone reads it, and the findings are those again.
   */
  known?: readonly Diagnostic[],
): { parsed?: ParsedSource; diagnostics: Diagnostic[]; plain?: readonly Diagnostic[] } {
  const source = withoutBom(text);
  const alone = known === undefined ? undefined : parsedAlone(source);
  const read = alone ?? readPlainJson(source);
  if (read === undefined) return fullReading(text, file);
  const findings = alone === undefined ? [] : known!.map((finding) => ({ ...finding, file }));
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
    diagnostics: findings,
    plain: findings,
  };
}

/**
 * The full reading; plain all the same when it found no error and `JSON.parse` reads the same
 * value: its findings (a number beyond a double, which `JSON.parse` rounds alike) are then kept
 * with the text's digest, and the next run reads it with `JSON.parse` alone.
 */
function fullReading(text: string, file: string): ReturnType<typeof parseJsonSourceLazily> {
  const full = parseJsonSource(text, file);
  if (full.parsed === undefined || hasErrors(full.diagnostics)) return full;
  const alone = parsedAlone(withoutBom(text));
  return alone !== undefined && isDeepStrictEqual(alone.value, full.parsed.value)
    ? { ...full, plain: full.diagnostics }
    : full;
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
