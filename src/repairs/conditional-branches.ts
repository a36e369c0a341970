import { isJsonObject, type JsonObject } from "../core/json-object.js";
import type { JsonValue } from "../core/json-value.js";
import {
  addUnion,
  closedForTheType,
  closesObject,
  constraintKeys,
  expressedConditionals,
} from "./support/discriminator.js";
import type { Repair, SchemaContext } from "./support/repair.js";
import { walkInput } from "./support/walk-input.js";

/** Keywords that name the kinds of value a schema accepts, or lead to a schema that does. */
const KIND_KEYWORDS = ["type", "$ref", "const", "enum", "tsType"];
const KINDS = ["array", "boolean", "integer", "null", "number", "object", "string"];
/** At most this many conditionals of one object become unions: TypeScript multiplies intersected unions out (2^6 = 64 members). */
const MAX_CONDITIONALS = 6;

export const repair: Repair = {
  id: "conditional-branches",
  // It leaves alone what discriminated-conditionals stated, closes branches beside the object's properties as
  // dependent-schemas and literal-pattern-properties leave them and as unevaluated-properties-closed closes them; the
  // `anyOf` it adds would keep unevaluated-properties-closed from closing the object.
  after: [
    "discriminated-conditionals",
    "unevaluated-properties-closed",
    "dependent-schemas",
    "literal-pattern-properties",
  ],
  description:
    "Every value an `if`/`then`/`else` accepts satisfies `then` or `else`, whatever the condition tests " +
    "(chrome-manifest's command: `if: {properties: {global: {const: true}}, required: [global]}` with a closed " +
    "object in each branch; flatpak-manifest's modules: `if: {type: object}, then: {$ref: module}, else: " +
    "{type: string}`). json-schema-to-typescript ignores the three keywords, so the branches' members, and " +
    "that they close the object, are lost. Where discriminated-conditionals has not already stated the " +
    "conditional more precisely, charter gives the generator `anyOf: [then, else]` in its place, so the type " +
    "is intersected with `Then | Else`. An `if` of only `type` also gives a branch that is left out: the " +
    "kinds it tests (for a missing `else`) or the others (for a missing `then`). Any other conditional " +
    "missing a branch is left to the validator, and so is one whose branches constrain the items of an array " +
    "the object declares (TypeScript would stop checking those items for unknown keys); at most six " +
    "conditionals of one object become unions.",
  schema(input, applied, context) {
    const decided = new WeakSet<JsonObject>();
    walkInput(
      input,
      (schema, pointer) => {
        const holders: [JsonObject, string][] = [];
        if (!decided.has(schema) && isConditional(schema)) holders.push([schema, pointer]);
        const allOf = schema["allOf"];
        if (Array.isArray(allOf)) {
          allOf.forEach((member, index) => {
            if (isJsonObject(member) && isConditional(member)) holders.push([member, `${pointer}/allOf/${index}`]);
          });
        }
        let count = 0;
        for (const [holder, at] of holders) {
          decided.add(holder);
          const branches = branchesOf(holder);
          if (
            branches === undefined ||
            count === MAX_CONDITIONALS ||
            branches.some((branch) => narrowsItems(branch, schema))
          )
            continue;
          count += 1;
          for (const key of ["if", "then", "else"]) delete holder[key];
          for (const branch of branches) closeAlongside(branch, schema, context);
          applied(at);
          if (holder === schema || constraintKeys(holder).length > 0) {
            addUnion(holder, branches);
            continue;
          }
          // A member that was only the conditional hands its union to the object, where discriminated-alternatives
          // sees the members the object declares beside what each branch requires; the empty member goes.
          const members = schema["allOf"] as JsonValue[];
          if (Object.keys(holder).length === 0) members.splice(members.indexOf(holder), 1);
          if (members.length === 0) delete schema["allOf"];
          addUnion(schema, branches);
        }
      },
      context,
    );
  },
};

function isConditional(schema: JsonObject): boolean {
  return schema["if"] !== undefined && !expressedConditionals.has(schema);
}

/** The union that holds for every value the conditional accepts, or undefined when a type cannot state one. */
function branchesOf(holder: JsonObject): JsonObject[] | undefined {
  const [then, otherwise] = [holder["then"], holder["else"]];
  const tested = typeTest(holder["if"]);
  if (tested === undefined) {
    if (then === undefined || otherwise === undefined) return undefined;
    const branches = [asSchema(then), asSchema(otherwise)];
    // A branch that accepts anything makes the union `unknown`: nothing to state.
    return branches.every((branch) => constraintKeys(branch).length > 0) ? branches : undefined;
  }
  if (then === undefined && otherwise === undefined) return undefined;
  const others = KINDS.filter((kind) => !tested.includes(kind) && !(kind === "integer" && tested.includes("number")));
  return [ofKinds(tested, then), ofKinds(others, otherwise)];
}

/**
 * A branch of a type test, limited to the kinds it applies to when it does not name its own (`then:
 * {required: [name]}` of `if: {type: object}` is an object). The branch is moved, not copied, so that a
 * reference to it still finds it.
 */
function ofKinds(kinds: string[], branch: JsonValue | undefined): JsonObject {
  if (branch === undefined) return { type: kinds };
  const schema = asSchema(branch);
  if (constraintKeys(schema).length === 0) return { type: kinds };
  if (KIND_KEYWORDS.some((key) => schema[key] !== undefined)) return schema;
  return { allOf: [{ type: kinds.length === 1 ? kinds[0]! : kinds }, schema] };
}

/** The kinds an `if` of only `type` tests. */
function typeTest(condition: JsonValue | undefined): string[] | undefined {
  if (!isJsonObject(condition)) return undefined;
  const keys = constraintKeys(condition);
  if (keys.length !== 1 || keys[0] !== "type") return undefined;
  const type = condition["type"];
  const kinds = typeof type === "string" ? [type] : type;
  return Array.isArray(kinds) &&
    kinds.length > 0 &&
    kinds.every((kind) => typeof kind === "string" && KINDS.includes(kind))
    ? (kinds as string[])
    : undefined;
}

/** A branch as an object: `true` accepts anything, `false` nothing (the generator's `never`). */
function asSchema(branch: JsonValue): JsonObject {
  if (isJsonObject(branch)) return branch;
  return branch === false ? { tsType: "never" } : {};
}

/** Keywords by which an object schema admits keys beyond its `properties`, or leads elsewhere. */
const OPENING = [
  "additionalProperties",
  "patternProperties",
  "unevaluatedProperties",
  "$ref",
  "allOf",
  "anyOf",
  "oneOf",
  "if",
];

/**
 * Closes, for the type's sake, the objects a branch describes inside members the object declares closed
 * (`then: {properties: {source: {required: [url]}}}` beside a declared `source` that allows no unknown
 * key): the branch's type is intersected with the declared one, whose
 * keys are the only ones a valid value has, and an index signature on the branch's side would turn off
 * TypeScript's unknown-key check for the declared type too. A branch object the object does not declare
 * stays open.
 */
function closeAlongside(branch: JsonObject, declared: JsonValue | undefined, context: SchemaContext, depth = 0): void {
  const target = dereference(declared, context);
  if (target === undefined || depth > 8) return;
  const [branchProperties, declaredProperties] = [branch["properties"], target["properties"]];
  if (isJsonObject(branchProperties) && isJsonObject(declaredProperties)) {
    for (const [name, schema] of Object.entries(branchProperties)) {
      if (isJsonObject(schema) && Object.prototype.hasOwnProperty.call(declaredProperties, name))
        closeNested(schema, declaredProperties[name], context, depth + 1);
    }
  }
}

function closeNested(branch: JsonObject, declared: JsonValue | undefined, context: SchemaContext, depth: number): void {
  const target = dereference(declared, context);
  if (target === undefined) return;
  const describesObject = branch["properties"] !== undefined || branch["required"] !== undefined;
  if (describesObject && OPENING.every((key) => branch[key] === undefined) && closesObject(target, context)) {
    branch["additionalProperties"] = false;
    closedForTheType.add(branch);
  }
  closeAlongside(branch, target, context, depth);
}

/**
 * Whether a branch says something of the items of an array the object declares (problems/contract's
 * reference cases): TypeScript checks no unknown keys in an array literal's items against an intersection of
 * array types (`Case[] & { dataset: unknown }[]`), so the union would cost the declared items that check.
 */
function narrowsItems(branch: JsonObject, object: JsonObject): boolean {
  const [properties, declared] = [branch["properties"], object["properties"]];
  if (!isJsonObject(properties) || !isJsonObject(declared)) return false;
  return Object.entries(properties).some(
    ([name, schema]) =>
      isJsonObject(schema) && schema["items"] !== undefined && Object.prototype.hasOwnProperty.call(declared, name),
  );
}

/** The schema a `$ref` chain ends at. */
function dereference(schema: JsonValue | undefined, context: SchemaContext): JsonObject | undefined {
  let current = schema;
  for (let hops = 0; hops < 8 && isJsonObject(current) && typeof current["$ref"] === "string"; hops += 1)
    current = context.resolve(current["$ref"]);
  return isJsonObject(current) ? current : undefined;
}
