import safeRegex from "safe-regex2";
import { errorAt, type Diagnostic, type DiagnosticCode } from "../../core/diagnostic.js";
import { joinPointer } from "../../core/json-pointer.js";
import type { JsonValue } from "../../core/json-value.js";
import type { Dialect } from "../resolve/dialect.js";
import type { SchemaDocument } from "../resolve/schema-document.js";
import { walkSchema, type SchemaObject } from "../resolve/walk-schema.js";
import { CHECK_CODES } from "./codes.js";

/** charter's keyword for silencing lints on one schema: `x-charter-ignore: [CH312]`. */
export const IGNORE_KEYWORD = "x-charter-ignore";

/** Keywords of every dialect, for telling a typo from a keyword (and from the author's own `x-` keywords). */
const KEYWORDS = [
  "$schema", "$id", "id", "$ref", "$anchor", "$dynamicRef", "$dynamicAnchor", "$recursiveRef", "$recursiveAnchor", "$defs", "definitions", "$comment", "$vocabulary",
  "type", "enum", "const", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength", "pattern",
  "items", "prefixItems", "additionalItems", "unevaluatedItems", "contains", "maxContains", "minContains", "maxItems", "minItems", "uniqueItems",
  "properties", "patternProperties", "additionalProperties", "unevaluatedProperties", "propertyNames", "maxProperties", "minProperties", "required",
  "dependentRequired", "dependentSchemas", "dependencies", "allOf", "anyOf", "oneOf", "not", "if", "then", "else",
  "format", "contentEncoding", "contentMediaType", "contentSchema", "title", "description", "default", "deprecated", "readOnly", "writeOnly", "examples",
];
const KNOWN = new Set(KEYWORDS);

const LATER = (dialect: Dialect) => dialect === "2019-09" || dialect === "2020-12";

/** Keywords the declared dialect does not have, and the one it has for the purpose. */
function otherDialect(keyword: string, value: JsonValue | undefined, dialect: Dialect): string | undefined {
  if (LATER(dialect)) {
    if (keyword === "definitions") return "`definitions` is the draft-07 name; 2019-09 and later use `$defs`";
    if (keyword === "dependencies") return "`dependencies` was split in 2019-09 into `dependentRequired` and `dependentSchemas`";
    if (dialect === "2020-12" && keyword === "items" && Array.isArray(value)) return "array-form `items` is the pre-2020 tuple; 2020-12 writes it `prefixItems`";
    if (dialect === "2020-12" && keyword === "additionalItems") return "`additionalItems` is gone in 2020-12; `items` after `prefixItems` takes its place";
  } else {
    if (keyword === "$defs") return `\`$defs\` is 2019-09 and later; ${dialect} uses \`definitions\` (a $ref into $defs still resolves, as a plain pointer)`;
    if (keyword === "prefixItems") return `\`prefixItems\` is 2020-12; ${dialect} writes a tuple as array-form \`items\``;
    if (keyword === "dependentRequired" || keyword === "dependentSchemas") return `\`${keyword}\` is 2019-09 and later; ${dialect} uses \`dependencies\``;
    if (keyword === "unevaluatedProperties" || keyword === "unevaluatedItems") return `\`${keyword}\` is 2019-09 and later; ${dialect} ignores it`;
  }
  return undefined;
}

/** The keyword a misspelt key most likely meant: same letters in another case, or at most two edits away. */
function likelyKeyword(key: string): string | undefined {
  if (KNOWN.has(key) || key.startsWith("x-") || key.length < 4) return undefined;
  let best: { keyword: string; distance: number } | undefined;
  for (const keyword of KEYWORDS) {
    if (keyword.toLowerCase() === key.toLowerCase()) return keyword;
    const limit = keyword.length <= 5 ? 1 : 2;
    const distance = editDistance(key, keyword, limit);
    if (distance <= limit && (!best || distance < best.distance)) best = { keyword, distance };
  }
  return best?.keyword;
}

/** Optimal string alignment distance (transpositions count as one edit), cut off above `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, d[i - 2]![j - 2]! + 1);
      d[i]![j] = value;
    }
  }
  return d[a.length]![b.length]!;
}

const ANNOTATIONS = new Set(["$schema", "$id", "id", "$defs", "definitions", "$comment", "$anchor", "$dynamicAnchor", "$recursiveAnchor", "$vocabulary", "title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly"]);
const RANGES: [string, string][] = [
  ["minimum", "maximum"],
  ["minLength", "maxLength"],
  ["minItems", "maxItems"],
  ["minProperties", "maxProperties"],
  ["minContains", "maxContains"],
];
const REQUIRED_WORDS = /\b(required|mandatory|non-?empty|must not be empty|cannot be empty|must be provided)\b/i;

/**
 * Lints of a contract source: schemas that parse and pass the meta-schema but
 * probably do not say what their author meant. Each is a warning (CH317 an
 * error: a validator cannot run the pattern), silenced per schema with
 * `x-charter-ignore: [CODE]`. `isReferenced` says whether some resolved
 * reference targets a pointer of this document, for unused definitions.
 */
export function lintSource(document: SchemaDocument, isReferenced: (pointer: string) => boolean, settings: { linearPatterns?: boolean } = {}): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const root = document.value;
  const report = (schema: SchemaObject | undefined, code: DiagnosticCode, message: string, pointer: string, atKey = false) => {
    const ignored = schema?.[IGNORE_KEYWORD];
    if (Array.isArray(ignored) && ignored.includes(code.code)) return;
    const position = (atKey ? document.keyPositions.get(pointer) : undefined) ?? document.positions.get(pointer);
    const finding = errorAt(code, message, { file: document.file, position, pointer });
    diagnostics.push(code === CHECK_CODES.badPattern ? finding : { ...finding, severity: "warning" });
  };

  if (root === true || (root !== null && typeof root === "object" && !Array.isArray(root) && Object.keys(root).every((k) => ANNOTATIONS.has(k) || k.startsWith("x-")))) {
    const what = root === true ? "is `true`" : Object.keys(root).some((k) => k === "$defs" || k === "definitions") ? "holds only definitions and annotations" : "has no constraint";
    report(typeof root === "object" ? root : undefined, CHECK_CODES.acceptsAnything, `the root ${what}, so the contract accepts any value`, "");
  }

  walkSchema(root, undefined, (schema, pointer) => {
    for (const [key, value] of Object.entries(schema)) {
      const at = joinPointer(pointer, key);
      const typo = likelyKeyword(key);
      if (typo) report(schema, CHECK_CODES.keywordTypo, `"${key}" is not a keyword; did you mean "${typo}"? As written it constrains nothing`, at, true);
      const other = otherDialect(key, value, document.dialect);
      if (other) report(schema, CHECK_CODES.otherDialect, `${other} (this source is ${document.dialect})`, at, true);
    }
    if ("if" in schema && !("then" in schema) && !("else" in schema)) report(schema, CHECK_CODES.ifAlone, "`if` without `then` or `else` constrains nothing", joinPointer(pointer, "if"), true);
    for (const [low, high] of RANGES) {
      const [a, b] = [schema[low], schema[high]];
      if (typeof a === "number" && typeof b === "number" && a > b) report(schema, CHECK_CODES.emptyRange, `${low} ${a} is above ${high} ${b}: no value satisfies this schema`, joinPointer(pointer, low), true);
    }
    const properties = isObject(schema["properties"]) ? schema["properties"] : {};
    const patterns = isObject(schema["patternProperties"]) ? Object.keys(schema["patternProperties"]) : [];
    if (schema["additionalProperties"] === false && Array.isArray(schema["required"])) {
      schema["required"].forEach((name, index) => {
        if (typeof name !== "string" || Object.hasOwn(properties, name) || patterns.some((p) => matches(p, name))) return;
        report(schema, CHECK_CODES.requiredNotDeclared, `"${name}" is required, but the object is closed and does not declare it: no value satisfies this schema`, joinPointer(pointer, "required", index));
      });
    }
    if (Array.isArray(schema["required"])) {
      for (const name of schema["required"]) {
        const property = typeof name === "string" ? properties[name] : undefined;
        if (!isObject(property) || !acceptsEmptyString(property)) continue;
        const says = typeof property["description"] === "string" && REQUIRED_WORDS.test(property["description"]) ? "its description says a value is required" : property["minLength"] === 0 ? "`minLength` is 0" : undefined;
        if (says) report(property, CHECK_CODES.emptyAccepted, `required property "${name}" accepts the empty string, yet ${says}`, joinPointer(pointer, "properties", name as string), true);
      }
    }
    for (const [written, at] of [
      ...(typeof schema["pattern"] === "string" ? [[schema["pattern"], joinPointer(pointer, "pattern")] as const] : []),
      ...patterns.map((p) => [p, joinPointer(pointer, "patternProperties", p)] as const),
    ]) {
      try {
        new RegExp(written, "u");
      } catch (error) {
        report(schema, CHECK_CODES.badPattern, `${JSON.stringify(written)} is not an ECMAScript regular expression: ${(error as Error).message}`, at, at.includes("/patternProperties/"));
        continue;
      }
      // Nested repetition needs a repeated group; safe-regex2 also answers "unsafe" for what its parser
      // cannot read (a lookbehind), so only patterns with a repeated group are asked.
      if (!settings.linearPatterns && /\)[*+{]/.test(written) && !safeRegex(written)) {
        const message = `${JSON.stringify(written)} nests quantifiers (safe-regex2: star height above 1), so some inputs take exponential time with RegExp; validation.patterns: linear runs it in linear time (charter validate does by default)`;
        report(schema, CHECK_CODES.slowPattern, message, at, at.includes("/patternProperties/"));
      }
    }
    if (pointer !== "") {
      for (const keyword of ["$defs", "definitions"]) {
        const defs = schema[keyword];
        if (!isObject(defs)) continue;
        for (const [name, definition] of Object.entries(defs)) {
          const defPointer = joinPointer(pointer, keyword, name);
          const named = isObject(definition) && ("$anchor" in definition || "$id" in definition || "$dynamicAnchor" in definition);
          if (named || isReferenced(defPointer)) continue;
          report(schema, CHECK_CODES.unusedDefinition, `definition "${name}" is referenced by no $ref, and only top-level definitions are exported`, defPointer, true);
        }
      }
    }
    return undefined;
  });
  return diagnostics;
}

function isObject(value: JsonValue | undefined): value is SchemaObject {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function matches(pattern: string, name: string): boolean {
  try {
    return new RegExp(pattern, "u").test(name);
  } catch {
    return false;
  }
}

/** A string schema with nothing that refuses "": no minLength above 0, pattern, enum, const or format. */
function acceptsEmptyString(schema: SchemaObject): boolean {
  const type = schema["type"];
  const isString = type === "string" || (Array.isArray(type) && type.includes("string"));
  if (!isString) return false;
  const minLength = schema["minLength"];
  return !(typeof minLength === "number" && minLength > 0) && !("pattern" in schema) && !("enum" in schema) && !("const" in schema) && !("format" in schema);
}
