// First: the generator would load all of prettier for a formatter it is told not to use.
import "./defer-prettier.js";
import type { Options } from "json-schema-to-typescript";
import { createRequire } from "node:module";
import { requireCompiledCode } from "../../tasks/compiled-code.js";
import type { JsonObject } from "../../core/json-object.js";
import {
  DATA_KEYWORDS,
  ITEMS_KEYWORD,
  SCHEMA_KEYWORDS,
  SCHEMA_LIST_KEYWORDS,
  SCHEMA_MAP_KEYWORDS,
} from "../../schema/keywords.js";
import { EMBEDDED_KEY, ROOT_KEY, TYPE_NAME_MARKER, WRAPPER_NAME } from "../../repairs/support/generator-input.js";
import { capturePrinted } from "./console-capture.js";

/**
 * The generator, required when first used rather than imported: an import would be evaluated
 * before `defer-prettier` wherever a bundler hoists the packages' imports above the modules'
 * code (scripts/bundle-cli.mjs), and the generator would then load prettier's Node entry. Its
 * 75 CommonJS files (with lodash's and the reference parser's) come from V8's compiled code
 * when the thread has a folder of it: they took about 80 ms to compile and first run, 50 from the folder.
 */
let loadedGenerator: typeof import("json-schema-to-typescript") | undefined;
const generator = () =>
  (loadedGenerator ??= requireCompiledCode(
    () => createRequire(import.meta.url)("json-schema-to-typescript") as typeof import("json-schema-to-typescript"),
  ));

/**
 * The generator's options, fixed: no network or file access for `$ref`s
 * (charter resolved them all), no formatting (prettier runs once, after the
 * repairs), no banner (charter writes its own header), objects open unless
 * the schema closes them, `enum` rather than `const enum` (which breaks
 * `isolatedModules`), and names from charter's table, never from titles.
 */
export const GENERATOR_OPTIONS: Partial<Options> = {
  bannerComment: "",
  format: false,
  additionalProperties: true,
  declareExternallyReferenced: true,
  enableConstEnums: false,
  strictIndexSignatures: false,
  unknownAny: true,
  unreachableDefinitions: false,
  $refOptions: { resolve: { external: false, file: false, http: false } },
  customName: (schema) => (schema as Record<string, unknown>)[TYPE_NAME_MARKER] as string | undefined,
};

/**
 * Runs json-schema-to-typescript on a prepared input; rejects with the
 * generator's own error, the lines it printed included (it prints its
 * validation errors to the console: console-capture.ts keeps them).
 */
export async function runGenerator(schema: JsonObject): Promise<string> {
  const printed: string[] = [];
  try {
    // The generator mutates its input; give it a copy so repairs' bookkeeping stays intact.
    const options = {
      ...GENERATOR_OPTIONS,
      $refOptions: { ...GENERATOR_OPTIONS.$refOptions, dereference: { excludedPathMatcher: outsideSchemas() } },
    };
    const copy = structuredClone(schema);
    const renamed = standInForOwnProperty(copy);
    const text = await capturePrinted(printed, () => generator().compile(copy as never, WRAPPER_NAME, options));
    return renamed ? text.split(OWN_PROPERTY_STAND_IN).join(OWN_PROPERTY) : text;
  } catch (error) {
    const detail = printed.join("; ").replace(/\s+/g, " ").trim();
    throw new Error(`${(error as Error).message ?? String(error)}${detail ? ` (${detail})` : ""}`);
  }
}

/** The generator loaded and run once on a small schema, as the first module would be: what a waiting thread does meanwhile. */
export async function warmGenerator(): Promise<void> {
  await runGenerator({ type: "object", properties: { a: { type: "string" } } });
}

/**
 * The generator asks every object of its input `hasOwnProperty` (its linker does), so an object with
 * a member of that name (a property, a definition, a key of an `enum` value) crashes it. Such keys,
 * and the same string where it names them (`required`, a token of a `$ref`), go in under a stand-in,
 * which the output spells back: an identifier, so the generator quotes it as it would the name.
 */
const OWN_PROPERTY = "hasOwnProperty";
const OWN_PROPERTY_STAND_IN = "charterStandInForHasOwnProperty";

function standInForOwnProperty(value: unknown): boolean {
  if (value === null || typeof value !== "object") return false;
  const node = value as Record<string, unknown>;
  let renamed = false;
  for (const key of Object.keys(node)) {
    const child = node[key];
    if (key === "$ref" && typeof child === "string" && child.split("/").includes(OWN_PROPERTY)) {
      node[key] = child
        .split("/")
        .map((token) => (token === OWN_PROPERTY ? OWN_PROPERTY_STAND_IN : token))
        .join("/");
      renamed = true;
    } else if (child === OWN_PROPERTY) {
      node[key] = OWN_PROPERTY_STAND_IN;
      renamed = true;
    } else if (standInForOwnProperty(node[key])) renamed = true;
  }
  if (Array.isArray(node) || !Object.prototype.hasOwnProperty.call(node, OWN_PROPERTY)) return renamed;
  // Every key is put back, in its order, which the output follows.
  const entries = Object.entries(node);
  for (const [key] of entries) delete node[key];
  for (const [key, child] of entries) {
    Object.defineProperty(node, key === OWN_PROPERTY ? OWN_PROPERTY_STAND_IN : key, {
      value: child,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return true;
}

type Position = "schema" | "single" | "map" | "list" | "items" | "data" | "other";

/**
 * Which places of the input its resolver must leave alone: json-schema-to-typescript's resolver
 * follows a `$ref` member wherever it sits, so an `enum` or `const` value that holds one (`enum:
 * [{$ref: "#/$defs/x"}]`, a valid schema) would become the schema it names, or fail the contract
 * when it names nothing. The resolver gives each place as a pointer from the input's root (a target
 * continues the pointer of the `$ref` that led to it), read here keyword by keyword: data keywords
 * hold values, unknown keywords hold nothing the generator reads. A schema under a keyword of one
 * schema may be wrapped in a list of one (generator-input-checks does it), so an index there
 * leads to that schema.
 */
function outsideSchemas(): (pointer: string) => boolean {
  const positions = new Map<string, Position>([["#", "schema"]]);
  const positionOf = (pointer: string): Position => {
    const known = positions.get(pointer);
    if (known !== undefined) return known;
    const cut = pointer.lastIndexOf("/");
    if (cut < 0) return "other";
    const token = decodeURIComponent(pointer.slice(cut + 1))
      .replace(/~1/g, "/")
      .replace(/~0/g, "~");
    const position = step(positionOf(pointer.slice(0, cut)), token);
    positions.set(pointer, position);
    return position;
  };
  return (pointer) => {
    const position = positionOf(pointer);
    return position === "data" || position === "other";
  };
}

function step(position: Position, token: string): Position {
  switch (position) {
    case "data":
    case "other":
      return position;
    case "map":
    case "list":
      return "schema";
    case "single":
    case "items":
      if (/^(0|[1-9][0-9]*)$/.test(token)) return "schema";
      return step("schema", token);
    case "schema":
      if (DATA_KEYWORDS.has(token)) return "data";
      // `extends` is the generator's own (draft-03); the generator-keywords repair keeps it out of the input.
      if (SCHEMA_KEYWORDS.has(token) || token === ROOT_KEY || token === "extends") return "single";
      if (SCHEMA_MAP_KEYWORDS.has(token) || token === EMBEDDED_KEY) return "map";
      if (SCHEMA_LIST_KEYWORDS.has(token)) return "list";
      return token === ITEMS_KEYWORD ? "items" : "other";
  }
}
