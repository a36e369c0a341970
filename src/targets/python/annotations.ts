import { isJsonObject, type JsonObject } from "../../core/json-object.js";
import type { JsonValue } from "../../core/json-value.js";
import { resolveInBundle } from "../shared/bundle-references.js";
import type { Dialect } from "../../schema/dialect.js";
import { pythonString } from "./python-names.js";
import { statedPattern } from "./model-pattern.js";
import { arrayAnnotation } from "./array-annotation.js";

/** What an annotation may name: the types declared for a bundle's schemas, and what it imports to do so. */
export interface AnnotationScope {
  bundle: JsonObject;
  /** The declared type a reference of the bundle names, with the contract declaring it (undefined: none). */
  typeOf(reference: string): { name: string; contract: string } | undefined;
  /** Collects the other contracts' names used (contract → names). */
  imports: Map<string, Set<string>>;
  contract: string;
  /** The bundle's dialect: which presence keywords its validator asserts. */
  dialect?: Dialect;
  /** Whether another contract's type is an alias its module defines too late for this one's aliases (an import cycle). */
  lateAlias?: (contract: string, name: string) => boolean;
  /** The class an object written inline becomes, named from `hint` (undefined: it is a `dict`). */
  nested?: (schema: JsonObject, hint: string) => string;
}

const ANY = "Any";

/**
 * The Python annotation of a schema: a superset of the instances the schema accepts, never a
 * subset, so that a model never rejects a valid instance. What it cannot state it leaves to the
 * contract's schema, which the `validate` helper checks: `allOf` narrows to one member,
 * `if`/`then`/`else`, `not`, formats and the patterns Python's `re` reads otherwise are not
 * stated. An object written inline with `properties` is a class of its own where the scope
 * makes them (`nested`), named from `hint`: the member's owner and the member
 * (`AgentResultPayload`), `Item` for an array's members, `Value` for a map's, `Option<n>` for
 * a union's.
 */
export function annotation(
  schema: JsonValue | undefined,
  scope: AnnotationScope,
  seen: ReadonlySet<string> = new Set(),
  hint = "Object",
): string {
  if (!isJsonObject(schema as JsonValue)) return ANY;
  const s = schema as JsonObject;
  const literal = literalOf(s);
  if (literal !== undefined) return literal;
  if (typeof s["$ref"] === "string") return referenced(s["$ref"], scope, seen, hint);
  const types = typesOf(s["type"]);
  if (types !== undefined) return union(types.map((type) => typed(type, s, scope, seen, hint)));
  for (const keyword of ["oneOf", "anyOf"]) {
    const members = s[keyword];
    if (Array.isArray(members) && members.length > 0)
      return union(members.map((m, i) => annotation(m, scope, seen, `${hint}Option${i + 1}`)));
  }
  const all = s["allOf"];
  if (Array.isArray(all))
    for (const member of all) {
      const one = annotation(member, scope, seen, hint);
      if (one !== ANY) return one;
    }
  return ANY;
}

/**
 * `const` and `enum` of strings, booleans, null and integers as a `Literal`; else undefined.
 * pydantic's lax `Literal[1]` takes JSON's `1.0` (1 to JSON Schema) and also `true`, which is
 * more than the schema takes, never less. A fraction has no `Literal`; an integer past 2^53 is
 * compared as a double by ajv, exactly by Python: both are left to the schema.
 */
function literalOf(schema: JsonObject): string | undefined {
  const values = "const" in schema ? [schema["const"]] : Array.isArray(schema["enum"]) ? schema["enum"] : undefined;
  if (values === undefined || values.length === 0) return undefined;
  const parts: string[] = [];
  for (const value of values) {
    if (typeof value === "string") parts.push(pythonString(value));
    else if (typeof value === "boolean") parts.push(value ? "True" : "False");
    else if (value === null) parts.push("None");
    else if (Number.isSafeInteger(value)) parts.push(String(value));
    else return undefined;
  }
  return `Literal[${[...new Set(parts)].join(", ")}]`;
}

function referenced(reference: string, scope: AnnotationScope, seen: ReadonlySet<string>, hint: string): string {
  const declared = scope.typeOf(reference);
  // An alias of a module on an import cycle with this one may not be defined yet when this module's aliases run.
  if (
    declared !== undefined &&
    declared.contract !== scope.contract &&
    scope.lateAlias?.(declared.contract, declared.name)
  )
    return ANY;
  if (declared !== undefined) {
    if (declared.contract !== scope.contract) {
      if (!scope.imports.has(declared.contract)) scope.imports.set(declared.contract, new Set());
      scope.imports.get(declared.contract)!.add(declared.name);
    }
    return declared.name;
  }
  // An undeclared target is written in place; a cycle through such targets is left to the schema.
  if (seen.has(reference)) return ANY;
  return annotation(resolveInBundle(scope.bundle, reference), scope, new Set([...seen, reference]), hint);
}

const TYPES = ["string", "integer", "number", "boolean", "null", "array", "object"];

function typesOf(type: JsonValue | undefined): string[] | undefined {
  if (typeof type === "string") return TYPES.includes(type) ? [type] : undefined;
  if (!Array.isArray(type) || type.length === 0) return undefined;
  return type.every((t) => typeof t === "string" && TYPES.includes(t)) ? (type as string[]) : undefined;
}

function typed(type: string, s: JsonObject, scope: AnnotationScope, seen: ReadonlySet<string>, hint: string): string {
  switch (type) {
    case "string":
      return constrained("str", { min_length: s["minLength"], max_length: s["maxLength"] }, patternOf(s));
    // pydantic's lax int and float take strings and booleans; `_numbers.py` says why JsonInt.
    case "integer":
      return constrained("JsonInt", bounds(s));
    case "number":
      return constrained("StrictFloat", bounds(s));
    case "boolean":
      return "StrictBool";
    case "null":
      return "None";
    case "array":
      return arrayAnnotation(
        s,
        scope.dialect,
        (item) => annotation(item, scope, seen, `${hint}Item`),
        constrained,
        union,
      );
    default: {
      // The class reads only the object; another type the schema allows is another member of the union.
      if (scope.nested !== undefined && isJsonObject(s["properties"] as JsonValue)) return scope.nested(s, hint);
      const extra = s["additionalProperties"];
      const values =
        isJsonObject(extra as JsonValue) && !isJsonObject(s["properties"] as JsonValue) && !("patternProperties" in s)
          ? annotation(extra, scope, seen, `${hint}Value`)
          : ANY;
      return `dict[str, ${values}]`;
    }
  }
}

function bounds(s: JsonObject): Record<string, JsonValue | undefined> {
  const exclusive = (value: JsonValue | undefined) => (typeof value === "number" ? value : undefined);
  // draft-04's boolean `exclusiveMinimum` makes `minimum` exclusive.
  const draft4Min = s["exclusiveMinimum"] === true;
  const draft4Max = s["exclusiveMaximum"] === true;
  return {
    ge: draft4Min ? undefined : s["minimum"],
    gt: draft4Min ? s["minimum"] : exclusive(s["exclusiveMinimum"]),
    le: draft4Max ? undefined : s["maximum"],
    lt: draft4Max ? s["maximum"] : exclusive(s["exclusiveMaximum"]),
  };
}

function constrained(base: string, constraints: Record<string, JsonValue | undefined>, pattern?: string): string {
  const stated = Object.entries(constraints)
    .filter(([, value]) => typeof value === "number" && Number.isFinite(value))
    .map(([key, value]) => `${key}=${pythonNumber(value as number)}`);
  if (pattern !== undefined) stated.push(`pattern=re.compile(${pythonString(pattern)})`);
  if (stated.length === 0) return base;
  return `Annotated[${base}, Field(${stated.join(", ")})]`;
}

/** A string schema's pattern in Python's spelling, where Python's `re` reads it as ECMA-262 does. */
function patternOf(s: JsonObject): string | undefined {
  if (typeof s["pattern"] !== "string") return undefined;
  const stated = statedPattern(s["pattern"]);
  return "python" in stated ? stated.python : undefined;
}

function pythonNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : String(value).replace(/e\+?/, "e");
}

/** `A | B`, without repeats; anything in it makes it anything. */
export function union(parts: readonly string[]): string {
  const distinct = [...new Set(parts)];
  if (distinct.includes(ANY)) return ANY;
  return distinct.length === 1 ? distinct[0]! : distinct.join(" | ");
}
