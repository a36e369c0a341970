import { defineKey, isJsonObject, type JsonObject } from "../../core/json-object.js";
import type { JsonValue } from "../../core/json-value.js";
import { TYPE_NAME_MARKER } from "./generator-input.js";
import type { SchemaContext } from "./repair.js";
import { ANNOTATIONS } from "./annotations.js";

/**
 * What the discriminated-union repairs share: the finite set of values a
 * property may take, and the object type of one member of a union. Nothing
 * here decides whether a rewrite is sound; the repairs do.
 */

/**
 * The schemas whose `if`/`then`/`else` discriminated-conditionals has stated as a union, so that
 * conditional-branches, which states any conditional less precisely, leaves them alone.
 */
export const expressedConditionals = new WeakSet<JsonObject>();

/**
 * Objects these repairs close (`additionalProperties: false`) for the type's sake only: a member of a union
 * intersected with the object, whose own type says which keys are allowed. They say nothing of which keys a
 * valid value may have, so object-intersections does not take them as closing the object.
 */
export const closedForTheType = new WeakSet<JsonObject>();

/** A value TypeScript can write as a literal type. */
export type Literal = string | number | boolean | null;

export function isLiteral(value: JsonValue | undefined): value is Literal {
  return value === null || ["string", "number", "boolean"].includes(typeof value);
}

/** Keys of a schema object that constrain something (annotations say nothing about validity). */
export function constraintKeys(schema: JsonObject): string[] {
  return Object.keys(schema).filter((key) => !ANNOTATIONS.has(key) && !key.startsWith("x-"));
}

/**
 * Every value a property schema allows, when its `const` or `enum` (or those
 * of the schema its `$ref` names, or of each alternative of an `anyOf` /
 * `oneOf`) lists them all as literals, or its `type` is `boolean` or `null`;
 * undefined when the set is not known to be finite. The list may hold values
 * other keywords refuse: a superset of the valid values is all soundness needs.
 */
export function literalDomain(schema: JsonValue | undefined, context: SchemaContext, depth = 0): Literal[] | undefined {
  if (!isJsonObject(schema) || depth > 16) return undefined;
  if (schema["const"] !== undefined) return isLiteral(schema["const"]) ? [schema["const"]] : undefined;
  const values = schema["enum"];
  if (Array.isArray(values)) return values.every(isLiteral) ? unique(values) : undefined;
  if (schema["type"] === "boolean") return [true, false];
  if (schema["type"] === "null") return [null];
  const reference = schema["$ref"];
  if (typeof reference === "string") return literalDomain(context.resolve(reference), context, depth + 1);
  for (const keyword of ["anyOf", "oneOf"]) {
    const alternatives = schema[keyword];
    if (!Array.isArray(alternatives) || alternatives.length === 0) continue;
    const domains = alternatives.map((alternative) => literalDomain(alternative, context, depth + 1));
    if (domains.some((domain) => domain === undefined)) return undefined;
    return unique(domains.flatMap((domain) => domain!));
  }
  return undefined;
}

function unique(values: Literal[]): Literal[] {
  return values.filter((value, index) => values.indexOf(value) === index);
}

/** The JSON Schema naming exactly these values of a property. */
export function literalSchema(values: readonly Literal[]): JsonObject {
  return values.length === 1 ? { const: values[0]! } : { enum: [...values] };
}

/** What one member of a union says about an object's properties, beyond what the object itself says. */
export interface MemberShape {
  /** The discriminator's values in this member, or `absent` for the member where it is left out. */
  discriminator: { property: string; values: readonly Literal[] | "absent" };
  required: ReadonlySet<string>;
  forbidden: ReadonlySet<string>;
  /** Schemas a property's value also satisfies in this member (intersected with the object's own). */
  narrowed: ReadonlyMap<string, readonly JsonValue[]>;
  /** Groups of `required` lists, at least one list of each group all present. */
  alternatives: readonly (readonly string[])[][];
  /** References to schemas the member also satisfies as a whole. */
  references?: readonly string[];
}

/**
 * The member's object type for the generator: the discriminator as a literal
 * (or forbidden), required members listed, forbidden ones `false` (which the
 * generator writes `?: never`). `declared` is the object's own `properties`. It is closed, so that it never opens the
 * object it is intersected with to unknown keys; the object's own type says
 * which keys are allowed.
 */
export function memberSchema(shape: MemberShape, declared: JsonObject): JsonObject {
  const properties: JsonObject = {};
  const { property, values } = shape.discriminator;
  defineKey(properties, property, values === "absent" ? false : literalSchema(values));
  for (const name of [...shape.narrowed.keys()].sort()) {
    if (name === property) continue;
    const schemas = shape.narrowed.get(name)!;
    defineKey(
      properties,
      name,
      schemas.length === 1 ? structuredClone(schemas[0]!) : { allOf: schemas.map((s) => structuredClone(s)) },
    );
  }
  for (const name of [...shape.required].sort()) {
    if (!Object.prototype.hasOwnProperty.call(properties, name))
      defineKey(properties, name, presentSchema(declared[name]));
  }
  for (const name of [...shape.forbidden].sort()) defineKey(properties, name, false);
  const required = [
    ...(values === "absent" ? [] : [property]),
    ...[...shape.required].filter((name) => name !== property).sort(),
  ];
  const member: JsonObject = { type: "object", properties, required, additionalProperties: false };
  closedForTheType.add(member);
  const unions = shape.alternatives.map((group) => ({ anyOf: group.map((names) => presentMembers(names, declared)) }));
  if (unions.length === 1) member["anyOf"] = unions[0]!.anyOf;
  else if (unions.length > 1) member["allOf"] = unions;
  const references = shape.references ?? [];
  return references.length === 0
    ? member
    : { allOf: [member, ...references.map((reference) => ({ $ref: reference }))] };
}

/** A closed object type in which these members are present, each typed as the object declares it. */
export function presentMembers(names: readonly string[], declared: JsonObject): JsonObject {
  const properties: JsonObject = {};
  for (const name of names)
    defineKey(
      properties,
      name,
      presentSchema(Object.prototype.hasOwnProperty.call(declared, name) ? declared[name] : undefined),
    );
  const member: JsonObject = { type: "object", properties, required: [...names], additionalProperties: false };
  closedForTheType.add(member);
  return member;
}

/**
 * A required member's schema in a union member. It repeats the object's own
 * schema of the property when that is a reference or holds nothing that
 * names a type (a copy of a title would declare a second type): intersected
 * with an optional member, `unknown` would keep `undefined` in the type read.
 * Otherwise "any value but undefined".
 */
export function presentSchema(declared: JsonValue | undefined): JsonValue {
  if (isJsonObject(declared)) {
    const reference = declared["$ref"];
    if (typeof reference === "string") return { $ref: reference };
    if (!namesAType(declared)) {
      const copy = structuredClone(declared);
      for (const key of ANNOTATIONS) delete copy[key];
      return copy;
    }
  }
  return { tsType: "{} | null" };
}

function namesAType(value: JsonValue): boolean {
  if (Array.isArray(value)) return value.some(namesAType);
  if (!isJsonObject(value)) return false;
  return Object.entries(value).some(([key, member]) => NAMING.has(key) || namesAType(member));
}

const NAMING = new Set(["title", "$id", "id", "$anchor", "$dynamicAnchor", "$recursiveAnchor", TYPE_NAME_MARKER]);

/**
 * Adds the union of `members` to an object schema: as its `anyOf` when it has
 * none, else as one more `allOf` member. The generator intersects either with
 * the object's own type, which keeps every declared member and its JSDoc.
 */
export function addUnion(schema: JsonObject, members: JsonObject[]): void {
  if (schema["anyOf"] === undefined) {
    schema["anyOf"] = members;
    return;
  }
  const all = Array.isArray(schema["allOf"]) ? (schema["allOf"] as JsonValue[]) : [];
  all.push({ anyOf: members });
  schema["allOf"] = all;
}

/**
 * Whether every value a schema accepts is an object with only the keys its type declares (`additionalProperties:
 * false`), or none: so that beside it another member's index signature lets no valid key through that the type
 * would not know anyway. An intersection is when one member is, a union when each is.
 */
export function closesObject(schema: JsonValue, context: SchemaContext, depth = 0): boolean {
  if (schema === false) return true;
  if (!isJsonObject(schema) || depth > 16) return false;
  if (schema["additionalProperties"] === false && !closedForTheType.has(schema)) return true;
  const reference = schema["$ref"];
  if (typeof reference === "string" && closesObject(context.resolve(reference) ?? true, context, depth + 1))
    return true;
  const allOf = schema["allOf"];
  if (Array.isArray(allOf) && allOf.some((member) => closesObject(member, context, depth + 1))) return true;
  return ["anyOf", "oneOf"].some((keyword) => {
    const alternatives = schema[keyword];
    return (
      Array.isArray(alternatives) &&
      alternatives.length > 0 &&
      alternatives.every((alternative) => closesObject(alternative, context, depth + 1))
    );
  });
}

/**
 * A property that every branch declares with values of its own (`const`,
 * `enum`, through `$ref`), no two branches sharing one, and that each branch
 * (or the object) requires: then exactly one branch describes any instance.
 */
export function sharedDiscriminator(
  schema: JsonObject,
  branches: JsonObject[],
  context: SchemaContext,
): string | undefined {
  const first = branches[0]!["properties"];
  if (!isJsonObject(first)) return undefined;
  const requiredBy = (holder: JsonObject, name: string) =>
    Array.isArray(holder["required"]) && (holder["required"] as JsonValue[]).includes(name);
  for (const name of Object.keys(first)) {
    const seen = new Set<string>();
    const fixes = branches.every((branch) => {
      if (branch["$ref"] !== undefined || !(requiredBy(branch, name) || requiredBy(schema, name))) return false;
      const properties = branch["properties"];
      const domain = isJsonObject(properties) ? literalDomain(properties[name], context) : undefined;
      if (domain === undefined || domain.length === 0) return false;
      for (const value of domain) {
        const key = JSON.stringify(value);
        if (seen.has(key)) return false;
        seen.add(key);
      }
      return true;
    });
    if (fixes) return name;
  }
  return undefined;
}
