import { isJsonObject, type JsonObject } from "../core/json-object.js";
import type { JsonValue } from "../core/json-value.js";
import type { Repair, SchemaContext } from "./support/repair.js";
import { ROOT_KEY } from "./support/generator-input.js";
import { walkInput } from "./support/walk-input.js";
import { ANNOTATIONS } from "./support/annotations.js";

type Kind = "object" | "array" | "string" | "number" | "boolean" | "null";
const KINDS: readonly Kind[] = ["object", "array", "string", "number", "boolean", "null"];

/** Keywords that constrain one kind of value and let every other kind through. */
const KEYWORDS_OF: Partial<Record<Kind, readonly string[]>> = {
  object: [
    "properties",
    "patternProperties",
    "additionalProperties",
    "required",
    "propertyNames",
    "minProperties",
    "maxProperties",
    "dependencies",
    "dependentRequired",
    "dependentSchemas",
    "unevaluatedProperties",
  ],
  array: [
    "items",
    "additionalItems",
    "contains",
    "minItems",
    "maxItems",
    "uniqueItems",
    "minContains",
    "maxContains",
    "unevaluatedItems",
  ],
};
/** The kind keywords the generator reads. */
const READ_BY_GENERATOR = ["properties", "patternProperties", "additionalProperties", "required", "items"];
/** Keywords from which the generator takes a type other than an object (or that pin the values): it then adds no object of its own. */
const TYPED_ELSEWHERE = ["allOf", "anyOf", "oneOf", "$ref", "items", "properties", "patternProperties"];

export const repair: Repair = {
  id: "implied-types",
  // It splits kind keywords by kind once these have written them (`items`, properties, unions of branches), typed
  // `unknown` what it leaves alone, dropped `not`, and put the parts of a schema in `allOf` members of their own.
  after: [
    "prefix-items-tuple",
    "dependent-schemas",
    "conditional-branches",
    "discriminated-alternatives",
    "not-schema",
    "unconstrained-schemas",
    "ref-sibling-keywords",
    "composite-schema-names",
  ],
  description:
    "Keywords of one kind of value (`properties`, `required`, `additionalProperties` for objects, `items` for " +
    "arrays) constrain only values of that kind: a schema without `type` lets every other value through " +
    '(`{ properties: {hint: {type: string}} }` accepts `"text"` and `3`). json-schema-to-typescript types such ' +
    "a schema as that kind alone, and as an intersection beside a `$ref` or `oneOf` (`{ args?: string } & Env` " +
    "where `Env` may be a string; `[boolean, ...Option[]] & { options?: Option }` for a rule that is a list or " +
    "an object), so valid values do not type-check; keywords it ignores (`minItems`, `contains`) make it an " +
    "object too. charter moves those keywords into an `anyOf` member of their kind (`type: object`), beside one " +
    "member for the other kinds, so the type is `{ hint?: string } | unknown[] | string | number | boolean | " +
    "null` (a closed object member beside arrays gets `length?: never`, which no valid object of it has and " +
    "every array does, or TypeScript would let arrays through it); a schema of ignored keywords only is " +
    "`unknown`. Where the schema is a part of `allOf`, `anyOf` or `oneOf` of a schema that allows fewer kinds " +
    "(or beside a typed `allOf` member), only those kinds are added, and nothing changes when the part's kind " +
    "is the only one allowed there; a definition is widened only to the kinds the places that refer to it " +
    "allow, and a `oneOf` two of whose members accept every value of a kind (members of object keywords only " +
    'all accept `"x"`) lets no value of that kind through.',
  schema(input, applied, context) {
    // First the kinds each definition is used for: the union over the places that refer to it (read with every
    // definition allowing all kinds, which can only widen). A definition used only where one kind is allowed
    // keeps that kind: widening the 32 definitions stylelint's `allRules` intersects would make a union
    // TypeScript cannot represent.
    const uses = new Map<JsonValue, Set<Kind>>();
    walkKinds(
      input,
      context,
      () => KINDS,
      (schema, kinds) => {
        if (typeof schema["$ref"] !== "string") return;
        const target = context.resolve(schema["$ref"]);
        if (target === undefined) return;
        const used = uses.get(target) ?? new Set<Kind>();
        for (const kind of kinds) used.add(kind);
        uses.set(target, used);
      },
    );
    const usedAs = (schema: JsonObject) => KINDS.filter((kind) => uses.get(schema)?.has(kind) ?? true);
    walkKinds(input, context, usedAs, (schema, around, _where, pointer) => {
      if (schema["type"] !== undefined || ["tsType", "enum", "const"].some((k) => schema[k] !== undefined)) return;
      const implied = impliedKinds(schema);
      if (implied.length === 0) return;
      if (around.length === 1 && implied.includes(around[0]!)) return;
      if (!READ_BY_GENERATOR.some((keyword) => schema[keyword] !== undefined)) {
        // Only keywords the generator ignores (`minItems`, `contains`, `propertyNames`) made it an object: they say
        // nothing a type can, so the schema is `unknown`, empty where that is all it holds (the generator's own
        // `unknown`, which it leaves out of an intersection).
        for (const keyword of [...KEYWORDS_OF.object!, ...KEYWORDS_OF.array!]) delete schema[keyword];
        if (Object.keys(schema).length > 0) schema["tsType"] = "unknown";
        applied(pointer);
        return;
      }
      const members: JsonValue[] = [];
      for (const kind of implied) {
        const member: JsonObject = { type: kind };
        for (const keyword of KEYWORDS_OF[kind] ?? []) {
          if (schema[keyword] === undefined) continue;
          member[keyword] = schema[keyword]!;
          delete schema[keyword];
        }
        if (kind === "object" && around.includes("array")) excludeArrays(member);
        if (around.includes(kind)) members.push(member);
      }
      const others = around.filter((kind) => !implied.includes(kind));
      if (others.length > 0) members.push({ type: others.length === 1 ? others[0]! : [...others] });
      if (schema["anyOf"] === undefined) schema["anyOf"] = members;
      else schema["allOf"] = [...(Array.isArray(schema["allOf"]) ? schema["allOf"] : []), { anyOf: members }];
      applied(pointer);
    });
  },
};

/**
 * Visits each subschema with the kinds of value it can meet where it sits (`around`: a part of `allOf`, `anyOf`
 * or `oneOf` meets what its parent allows; a definition what `definition` says; anything else every kind) and
 * those it allows (`kinds`: `around` narrowed by its own `type` and `oneOf`, see ownKinds). What `if`, `then` and `else` hold is skipped:
 * the generator ignores them, so it is no part of a type.
 */
function walkKinds(
  input: JsonObject,
  context: SchemaContext,
  definition: (schema: JsonObject) => readonly Kind[],
  visit: (schema: JsonObject, kinds: readonly Kind[], around: readonly Kind[], pointer: string) => void,
): void {
  const allowed = new Map<JsonObject, readonly Kind[]>();
  const conditional = new Set<JsonObject>();
  // The contract's root is what its values are checked against, whatever refers to it.
  const root = Array.isArray(input[ROOT_KEY]) ? input[ROOT_KEY][0] : input[ROOT_KEY];
  walkInput(
    input,
    (schema, pointer, parent) => {
      if (
        parent !== undefined &&
        (conditional.has(parent) || ["if", "then", "else"].some((k) => parent[k] === schema))
      ) {
        conditional.add(schema);
        return;
      }
      const around =
        schema === root
          ? KINDS
          : parent === undefined || isDefinition(schema, parent)
            ? definition(schema)
            : isPartOf(schema, parent)
              ? narrowedBySiblings(schema, parent, allowed.get(parent) ?? KINDS, context.resolve)
              : KINDS;
      const own = ownKinds(schema, context.resolve);
      const kinds = around.filter((kind) => own.includes(kind));
      allowed.set(schema, kinds);
      visit(schema, kinds, around, pointer);
    },
    context,
  );
}

/** The definitions each schema holds, gathered once per schema (a schema may hold thousands). */
const definitionsHeld = new WeakMap<JsonObject, Set<JsonValue>>();

function isDefinition(schema: JsonObject, parent: JsonObject): boolean {
  let held = definitionsHeld.get(parent);
  if (!held) {
    held = new Set(
      ["$defs", "definitions"].flatMap((keyword) =>
        isJsonObject(parent[keyword]) ? Object.values(parent[keyword] as JsonObject) : [],
      ),
    );
    definitionsHeld.set(parent, held);
  }
  return held.has(schema);
}

/**
 * TypeScript lets an array through a closed object type with optional members only (`unknown[] & { options?: X }`
 * holds `[true, 0]`), so beside arrays such an object member would undo what `items` says. No valid object of it has
 * a `length` member, which every array has: `length?: never` says so, and keeps arrays out.
 */
function excludeArrays(member: JsonObject): void {
  const properties = member["properties"];
  if (
    member["additionalProperties"] !== false ||
    member["patternProperties"] !== undefined ||
    member["unevaluatedProperties"] !== undefined
  )
    return;
  if (isJsonObject(properties) && Object.prototype.hasOwnProperty.call(properties, "length")) return;
  member["properties"] = { ...(isJsonObject(properties) ? properties : {}), length: false };
}

/** The kinds a `type` allows (`integer` is a number here); undefined when it says nothing usable. */
function kindsOf(type: JsonValue | undefined): readonly Kind[] | undefined {
  const listed = typeof type === "string" ? [type] : Array.isArray(type) ? type : undefined;
  if (listed === undefined) return undefined;
  return KINDS.filter((kind) => listed.includes(kind) || (kind === "number" && listed.includes("integer")));
}

/** A schema evaluated on the same value as its parent, and combined with it as an intersection. */
function isPartOf(schema: JsonObject, parent: JsonObject): boolean {
  return ["allOf", "anyOf", "oneOf"].some(
    (keyword) => Array.isArray(parent[keyword]) && (parent[keyword] as JsonValue[]).includes(schema),
  );
}

/** An `allOf` part holds only values its siblings allow too. */
function narrowedBySiblings(
  schema: JsonObject,
  parent: JsonObject,
  kinds: readonly Kind[],
  resolve: SchemaContext["resolve"],
): readonly Kind[] {
  const siblings = Array.isArray(parent["allOf"]) && parent["allOf"].includes(schema) ? parent["allOf"] : [];
  return siblings.reduce<readonly Kind[]>((left, sibling) => {
    if (!isJsonObject(sibling) || sibling === schema) return left;
    const allowed = ownKinds(sibling, resolve);
    return left.filter((kind) => allowed.includes(kind));
  }, kinds);
}

/** Keywords that say nothing of a value (with the marks charter writes, `x-charter-*`). */
const NOT_CONSTRAINING = new Set(["$schema", "$id", "$defs", "definitions", ...ANNOTATIONS]);

/** A schema that is only a `$ref` (beside annotations) is read at its target. */
function throughReference(schema: JsonValue | undefined, resolve: SchemaContext["resolve"]): JsonValue | undefined {
  if (!isJsonObject(schema) || typeof schema["$ref"] !== "string") return schema;
  if (!Object.keys(schema).every((key) => key === "$ref" || NOT_CONSTRAINING.has(key) || key.startsWith("x-charter-")))
    return schema;
  return resolve(schema["$ref"]);
}

/**
 * The kinds a schema lets through, as far as its `type` and `oneOf` tell: a `oneOf` refuses every value of a kind
 * that two of its members accept whatever it is (members of only object keywords all accept `[]` and `"x"`, so
 * enonic's `oneOf` of twenty closed objects holds objects only).
 */
function ownKinds(schema: JsonObject, resolve: SchemaContext["resolve"]): readonly Kind[] {
  const target = throughReference(schema, resolve);
  if (!isJsonObject(target)) return KINDS;
  const typed = kindsOf(target["type"]) ?? KINDS;
  const oneOf = target["oneOf"];
  if (!Array.isArray(oneOf) || oneOf.length < 2) return typed;
  return typed.filter(
    (kind) => oneOf.filter((member) => acceptsAll(throughReference(member, resolve), kind)).length < 2,
  );
}

/** Whether a schema accepts every value of a kind: it holds only annotations and keywords of other kinds. */
function acceptsAll(schema: JsonValue | undefined, kind: Kind): boolean {
  if (schema === true) return true;
  if (!isJsonObject(schema)) return false;
  return Object.keys(schema).every((key) => {
    if (NOT_CONSTRAINING.has(key) || key.startsWith("x-charter-")) return true;
    const of = KINDS.find((k) => KEYWORDS_OF[k]?.includes(key));
    return of !== undefined && of !== kind;
  });
}

/**
 * The kinds the generator makes an untyped schema: an array for `items`, an object for `properties` or
 * `patternProperties`, and an object when nothing else gives it a type but object or array keywords are there.
 */
function impliedKinds(schema: JsonObject): Kind[] {
  const has = (keyword: string) => schema[keyword] !== undefined;
  const kinds: Kind[] = [];
  const ofKind = (kind: Kind) => (KEYWORDS_OF[kind] ?? []).some(has);
  if (
    has("properties") ||
    has("patternProperties") ||
    (!TYPED_ELSEWHERE.some(has) && (ofKind("object") || ofKind("array")))
  )
    kinds.push("object");
  if (has("items")) kinds.push("array");
  return kinds;
}
