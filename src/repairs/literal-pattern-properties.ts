import { defineKey, isJsonObject, type JsonObject } from "../core/json-object.js";
import type { JsonValue } from "../core/json-value.js";
import { TYPE_NAME_MARKER } from "./support/generator-input.js";
import { ANNOTATIONS } from "./support/annotations.js";
import { literalKeys, literalPrefixes, startsWithType } from "./support/literal-keys.js";
import type { Repair } from "./support/repair.js";
import { walkInput } from "./support/walk-input.js";

export const repair: Repair = {
  id: "literal-pattern-properties",
  // Key templates go on objects closed by `additionalProperties: false`, as unevaluated-properties-closed leaves them.
  after: ["unevaluated-properties-closed"],
  description:
    "A `patternProperties` pattern that spells out its keys (appsettings' `^(ElmahIo|Elmahio|elmahIo|elmahio)$`, " +
    "`^branches(-ignore)?$`, `^[Ww]eb$`) names a few properties, each with the pattern's schema. " +
    "json-schema-to-typescript writes every pattern as one index signature, `[k: string]: ElmahIo | Cdn | ...`, " +
    "or, on an open object, charter's pattern-properties-open leaves it to `unknown`, so a misspelt member of " +
    "`ElmahIo` type-checks. charter lists each key the pattern matches (at most 64, anchored at both ends, " +
    "literal characters, classes of them, groups of alternatives, `?`) as an optional property with the " +
    "pattern's schema (beside its own schema, when the object also declares the key), and leaves the pattern " +
    "out. On a closed object whose other patterns each fix how a key starts and accept any value (zarf's " +
    "`^x-: {}`), they become an index signature over template literal keys, `[k: `x-${string}`]: unknown`, " +
    "instead of `[k: string]: unknown`, which let any key through. Any other pattern is left as written.",
  schema(input, applied, context) {
    walkInput(
      input,
      (schema, pointer) => {
        const patterns = schema["patternProperties"];
        if (!isJsonObject(patterns)) return;
        let changed = false;
        for (const [pattern, value] of Object.entries(patterns)) {
          const keys = literalKeys(pattern);
          // A schema that names a type would be declared once per key it is copied to.
          if (keys === undefined || namesAType(value)) continue;
          if (!isJsonObject(schema["properties"])) schema["properties"] = {};
          const properties = schema["properties"] as JsonObject;
          keys.forEach((key, index) => {
            const own = index === 0 ? value : structuredClone(value);
            const declared = Object.prototype.hasOwnProperty.call(properties, key) ? properties[key] : undefined;
            defineKey(properties, key, declared === undefined ? own : { allOf: [declared, own] });
          });
          delete patterns[pattern];
          changed = true;
        }
        if (Object.keys(patterns).length > 0 && schema["additionalProperties"] === false)
          changed = keyTemplates(schema, patterns) || changed;
        if (!changed) return;
        if (Object.keys(patterns).length === 0) delete schema["patternProperties"];
        applied(pointer);
      },
      context,
    );
  },
};

/**
 * On a closed object whose remaining patterns each fix how a key starts (zarf's `^x-`) and accept any value,
 * the patterns become one index signature over template literal keys (`[k: \`x-${string}\`]: unknown`), in an
 * `allOf` member beside the object: json-schema-to-typescript's `[k: string]: unknown` would let any key
 * through. Whether anything changed.
 */
function keyTemplates(schema: JsonObject, patterns: JsonObject): boolean {
  const entries = Object.entries(patterns);
  const prefixes = entries.map(([pattern]) => literalPrefixes(pattern));
  const anyValue = (value: JsonValue) =>
    value === true || (isJsonObject(value) && Object.keys(value).every((key) => ANNOTATIONS.has(key)));
  if (prefixes.some((list) => list === undefined) || !entries.every(([, value]) => anyValue(value))) return false;
  const keys = [...new Set(prefixes.flat() as string[])].map(startsWithType);
  for (const [pattern] of entries) delete patterns[pattern];
  const member: JsonObject = { tsType: `{ [k: ${keys.join(" | ")}]: unknown }` };
  schema["allOf"] = [...(Array.isArray(schema["allOf"]) ? (schema["allOf"] as JsonValue[]) : []), member];
  return true;
}

function namesAType(value: JsonValue): boolean {
  if (Array.isArray(value)) return value.some(namesAType);
  if (!isJsonObject(value)) return false;
  return value[TYPE_NAME_MARKER] !== undefined || Object.values(value).some(namesAType);
}
