import { isDeepStrictEqual } from "node:util";
import { defineKey, isJsonObject, type JsonObject } from "../core/json-object.js";
import { joinPointer } from "../core/json-pointer.js";
import type { JsonValue } from "../core/json-value.js";
import { ROOT_KEY } from "./support/generator-input.js";
import { EVERY_OTHER_REPAIR, type Repair } from "./support/repair.js";
import { appendToDescription, walkInput } from "./support/walk-input.js";
import { CHARTER_KEYWORD_PREFIX } from "../schema/keywords.js";

/**
 * Keys json-schema-to-typescript's traversal (its `traverse`, which its input check and its
 * normaliser both use) does not walk through its catch-all step: the ones it walks by name, and
 * values it never looks into.
 */
const NOT_CAUGHT = new Set([
  "id",
  "$defs",
  "$id",
  "$schema",
  "title",
  "description",
  "default",
  "multipleOf",
  "maximum",
  "exclusiveMaximum",
  "minimum",
  "exclusiveMinimum",
  "maxLength",
  "minLength",
  "pattern",
  "additionalItems",
  "items",
  "maxItems",
  "minItems",
  "uniqueItems",
  "maxProperties",
  "minProperties",
  "required",
  "additionalProperties",
  "definitions",
  "properties",
  "patternProperties",
  "dependencies",
  "enum",
  "type",
  "allOf",
  "anyOf",
  "oneOf",
  "not",
]);
/** Keys the generator reads or rewrites in an object it takes for a schema: a value holding them is changed by its normaliser. */
const READ = new Set([
  ...NOT_CAUGHT,
  "const",
  "tsType",
  "tsEnumNames",
  "extends",
  "nullable",
  "deprecated",
  "name",
  "$ref",
]);
/** The longest tuple the generator spells out, as its own `maxItems` option (20) bounds the tuples it unions. */
const TUPLE_LIMIT = 20;

export const repair: Repair = {
  id: "generator-input-checks",
  // It meets the generator's checks on the input as every other repair left it.
  after: EVERY_OTHER_REPAIR,
  description:
    "json-schema-to-typescript checks and normalises its input before it generates anything, and refuses or " +
    'crashes on schemas that are valid: `minItems` above `maxItems` ("maxItems >= minItems"; no array is ' +
    "valid, which is legal), a fractional or huge bound (`Invalid array length`, or a tuple of a million " +
    "members), `definitions` beside `$defs` in one schema. It also walks its input with a traversal of its " +
    "own, which takes objects for schemas that are not: the members of a schema under a keyword it does not " +
    "know (`if`, `then`, `contains`, `propertyNames`, and charter's holder of the contract's document), such " +
    "as a `$defs` map, and the members of `const` values and of unknown keywords. A definition named " +
    '`deprecated` then refuses the schema ("deprecated must be a boolean"), one named `anyOf` crashes it, ' +
    'so does an unknown keyword holding `{tsEnumNames: "x"}`, and a `const` object holding `type` or `id` ' +
    "is rewritten (it gains `required: []`, `id` becomes `$id`), so its literal type is wrong. charter " +
    "normalises the generator's input: bounds that no array meets make a `type: array` schema `never` (or " +
    "drop `array` from its list of types, or the bounds where the value may be something else), a fraction " +
    "is rounded the way validation reads it, a lower bound above " +
    TUPLE_LIMIT +
    " is left to the JSDoc " +
    "(`@minItems`), `definitions` moves into `$defs`; a schema under a keyword the traversal does not know " +
    "is put in a list of one, which it walks as a list of schemas (the generator reads none of these " +
    "keywords), a `const` that would be rewritten becomes the one-value `enum` the generator makes of it " +
    "anyway, which it does not walk, and an unknown keyword that would trip a check is left out of its " +
    "input. Validation is unchanged.",
  schema(input, applied, context) {
    const schemas = new Map<JsonValue, string>();
    const propertyMaps = new Set<JsonValue>();
    walkInput(
      input,
      (schema, pointer) => {
        schemas.set(schema, pointer);
        if (isJsonObject(schema["properties"])) propertyMaps.add(schema["properties"]);
      },
      context,
    );
    schemas.set(input, "");
    for (const [schema, pointer] of schemas) {
      if (schema === input || !isJsonObject(schema)) continue;
      const bounds = fixItemBounds(schema);
      if (mergeDefinitions(schema) || bounds) applied(pointer);
    }
    // Data and unknown keywords first: what is left of them is what a schema under a keyword reaches.
    for (const [schema, pointer] of schemas) {
      if (!isJsonObject(schema)) continue;
      for (const [key, value] of Object.entries(schema)) {
        if (NOT_CAUGHT.has(key) || schemas.has(value) || !isObjectLike(value)) continue;
        if (key === "const") {
          if (!holdsRead(value)) continue;
          schema["enum"] = [value];
          delete schema["const"];
        } else {
          if (key.startsWith(CHARTER_KEYWORD_PREFIX) || !trips(members(value), schemas, propertyMaps)) continue;
          delete schema[key];
        }
        applied(joinPointer(pointer, key));
      }
    }
    const wraps: { holder: JsonObject; key: string; pointer: string }[] = [];
    for (const [schema, pointer] of schemas) {
      if (!isJsonObject(schema)) continue;
      for (const [key, value] of Object.entries(schema)) {
        if (NOT_CAUGHT.has(key) || !schemas.has(value) || !isJsonObject(value)) continue;
        if (trips(members(value), schemas, propertyMaps))
          wraps.push({
            holder: schema,
            key,
            pointer: schema === input && key === ROOT_KEY ? "" : joinPointer(pointer, key),
          });
      }
    }
    for (const { holder, key, pointer } of wraps) {
      holder[key] = [holder[key]!];
      applied(pointer);
    }
  },
};

function isObjectLike(value: JsonValue | undefined): value is JsonObject | JsonValue[] {
  return value !== null && typeof value === "object";
}

/** What the traversal's catch-all step walks of a value: its members that are objects. */
function members(value: JsonValue): JsonObject[] {
  return Object.values(value as JsonObject).filter(isJsonObject);
}

/**
 * Whether the traversal, started at `starts` as the generator's catch-all step starts it, meets an
 * object that is no schema and that its check refuses or its normaliser crashes on. It stops at the
 * schemas of the input, which it walks as schemas: their own keywords are looked at on their own.
 * Property maps are keyword-named-properties' concern; the traversal goes on through them.
 */
function trips(
  starts: readonly JsonObject[],
  schemas: ReadonlyMap<JsonValue, string>,
  propertyMaps: ReadonlySet<JsonValue>,
): boolean {
  const seen = new Set<JsonValue>();
  const pending: JsonValue[] = [...starts];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (!isJsonObject(node) || seen.has(node) || schemas.has(node)) continue;
    seen.add(node);
    if (!propertyMaps.has(node) && refused(node)) return true;
    for (const key of ["anyOf", "allOf", "oneOf", "items"])
      if (Array.isArray(node[key])) pending.push(...(node[key] as JsonValue[]));
    for (const key of ["additionalProperties", "additionalItems", "not", "items"])
      if (isJsonObject(node[key])) pending.push(node[key]);
    for (const key of ["properties", "patternProperties", "definitions", "$defs", "dependencies"])
      if (isObjectLike(node[key])) pending.push(...members(node[key]!));
    for (const [key, value] of Object.entries(node))
      if (!NOT_CAUGHT.has(key) && isObjectLike(value)) pending.push(...members(value));
  }
  return false;
}

/** The generator's input check (dist/src/validator.js) and the throws of its normaliser and traversal, on one object. */
function refused(node: JsonObject): boolean {
  const { deprecated, tsEnumNames, minItems, maxItems } = node;
  if (deprecated !== undefined && typeof deprecated !== "boolean") return true;
  if (tsEnumNames) {
    if (!Array.isArray(tsEnumNames) || tsEnumNames.some((n) => typeof n !== "string")) return true;
    if (node["enum"] && (node["enum"] as JsonValue[]).length !== tsEnumNames.length) return true;
  }
  if (typeof minItems === "number" && (minItems < 0 || !tupleFits(minItems))) return true;
  if (
    typeof maxItems === "number" &&
    (maxItems < 0 || !Number.isInteger(maxItems) || (typeof minItems === "number" && maxItems < minItems))
  )
    return true;
  if (["anyOf", "allOf", "oneOf"].some((k) => node[k] && !Array.isArray(node[k]))) return true;
  if (node["id"] && node["$id"] && node["id"] !== node["$id"]) return true;
  return Boolean(node["definitions"] && node["$defs"] && !isDeepStrictEqual(node["definitions"], node["$defs"]));
}

function tupleFits(length: number): boolean {
  return Number.isInteger(length) && length <= TUPLE_LIMIT;
}

/**
 * Whether a `const` value holds an object with a key the generator reads, which its normaliser
 * would rewrite (the value itself too: under a keyword the traversal does not know, it is taken
 * for a schema).
 */
function holdsRead(value: JsonValue): boolean {
  const pending: JsonValue[] = [value];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (node === null || typeof node !== "object") continue;
    if (!Array.isArray(node) && Object.keys(node).some((k) => READ.has(k))) return true;
    pending.push(...(Array.isArray(node) ? node : Object.values(node)));
  }
  return false;
}

/**
 * `minItems`/`maxItems` as the generator can take them: both whole, the lower at most the upper and
 * at most TUPLE_LIMIT (beyond, it spells out every member), with the meaning validation gives them.
 */
function fixItemBounds(schema: JsonObject): boolean {
  const min = typeof schema["minItems"] === "number" ? schema["minItems"] : undefined;
  const max = typeof schema["maxItems"] === "number" ? schema["maxItems"] : undefined;
  if (min === undefined && max === undefined) return false;
  const low = min === undefined ? 0 : Math.max(0, Math.ceil(min));
  const high = max === undefined ? Infinity : Math.floor(max);
  if (high < low) {
    // No array is valid. A schema whose `type` admits arrays only admits nothing.
    delete schema["minItems"];
    delete schema["maxItems"];
    const type = schema["type"];
    if (type === "array") schema["tsType"] = "never";
    else if (Array.isArray(type) && type.includes("array")) {
      const others = type.filter((t) => t !== "array");
      if (others.length === 0) schema["tsType"] = "never";
      else schema["type"] = others;
    }
    return true;
  }
  let changed = false;
  if (min !== undefined && (low !== min || low > TUPLE_LIMIT)) {
    // The generator writes the bound into the JSDoc of an array type; it still does, without the tuple.
    const type = schema["type"];
    const arrayType =
      schema["items"] !== undefined || type === "array" || (Array.isArray(type) && type.includes("array"));
    if (low > TUPLE_LIMIT && arrayType) appendToDescription(schema, `@minItems ${low}`);
    if (low === 0 || low > TUPLE_LIMIT) delete schema["minItems"];
    else schema["minItems"] = low;
    changed = true;
  }
  if (max !== undefined && high !== max) {
    schema["maxItems"] = high;
    changed = true;
  }
  return changed;
}

/** `definitions` beside `$defs`: the generator refuses both in one schema; the objects move, references follow them. */
function mergeDefinitions(schema: JsonObject): boolean {
  const definitions = schema["definitions"];
  const defs = schema["$defs"];
  if (!isJsonObject(definitions) || !isJsonObject(defs) || isDeepStrictEqual(definitions, defs)) return false;
  for (const [key, definition] of Object.entries(definitions)) {
    let free = key;
    for (let n = 1; Object.prototype.hasOwnProperty.call(defs, free); n++)
      free = n === 1 ? `definitions-${key}` : `definitions-${key}-${n}`;
    defineKey(defs, free, definition);
  }
  delete schema["definitions"];
  return true;
}
