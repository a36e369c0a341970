import { isJsonObject, type JsonObject } from "../../core/json-object.js";
import type { JsonValue } from "../../core/json-value.js";
import { wordList } from "./html.js";

/**
 * What a schema asks of a value, in words a reader checks a payload by ("1 to 64 characters,
 * matching `^[a-z]+$`"). Each phrase is plain text with `code` in backticks; the page escapes it.
 * Keywords it does not read are left to the schema shown beside the table.
 */
export function constraintWords(schema: JsonValue | undefined): string[] {
  if (!isJsonObject(schema)) return schema === false ? ["must be absent"] : [];
  return [
    ...valueWords(schema),
    ...lengthWords(schema),
    ...numberWords(schema),
    ...formWords(schema),
    ...arrayWords(schema),
    ...objectWords(schema),
  ];
}

/** A JSON value as a reader writes it in a sentence: strings bare, the rest as JSON. */
export function literalText(value: JsonValue | undefined): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

function valueWords(schema: JsonObject): string[] {
  const words: string[] = [];
  if (schema["const"] !== undefined) words.push(`exactly \`${JSON.stringify(schema["const"])}\``);
  const values = schema["enum"];
  if (Array.isArray(values))
    words.push(
      `one of ${wordList(
        values.map((v) => `\`${JSON.stringify(v)}\``),
        "or",
      )}`,
    );
  return words;
}

/** What a string's text must look like, after its length: "1 to 64 characters, matching `^[a-z]+$`". */
function formWords(schema: JsonObject): string[] {
  const words: string[] = [];
  if (typeof schema["format"] === "string") words.push(`format \`${schema["format"]}\``);
  if (typeof schema["pattern"] === "string") words.push(`matching \`${schema["pattern"]}\``);
  return words;
}

/** `between`, `at least`, `at most` of a unit, from a lower and an upper bound. */
function range(low: JsonValue | undefined, high: JsonValue | undefined, unit: string): string | undefined {
  const lo = typeof low === "number" ? low : undefined;
  const hi = typeof high === "number" ? high : undefined;
  const units = (n: number) => `${unit}${n === 1 ? "" : "s"}`;
  if (lo !== undefined && hi !== undefined)
    return lo === hi ? `exactly ${lo} ${units(lo)}` : `${lo} to ${hi} ${units(hi)}`;
  if (lo !== undefined) return `at least ${lo} ${units(lo)}`;
  if (hi !== undefined) return `at most ${hi} ${units(hi)}`;
  return undefined;
}

function lengthWords(schema: JsonObject): string[] {
  const words = range(schema["minLength"], schema["maxLength"], "character");
  return words === undefined ? [] : [words];
}

function numberWords(schema: JsonObject): string[] {
  const words: string[] = [];
  const bound = (keyword: string, text: string) => {
    if (typeof schema[keyword] === "number") words.push(`${text} ${schema[keyword]}`);
  };
  bound("minimum", "at least");
  bound("exclusiveMinimum", "greater than");
  bound("maximum", "at most");
  bound("exclusiveMaximum", "less than");
  bound("multipleOf", "a multiple of");
  return words;
}

function arrayWords(schema: JsonObject): string[] {
  const words: string[] = [];
  const count = range(schema["minItems"], schema["maxItems"], "item");
  if (count !== undefined) words.push(count);
  if (schema["uniqueItems"] === true) words.push("items unique");
  return words;
}

function objectWords(schema: JsonObject): string[] {
  const words: string[] = [];
  const count = range(schema["minProperties"], schema["maxProperties"], "member");
  if (count !== undefined) words.push(count);
  if (schema["additionalProperties"] === false || schema["unevaluatedProperties"] === false)
    words.push("no other members");
  return words;
}
