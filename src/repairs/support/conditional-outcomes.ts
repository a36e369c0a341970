import { isJsonObject, type JsonObject } from "../../core/json-object.js";
import type { JsonValue } from "../../core/json-value.js";
import { constraintKeys, isLiteral, type Literal, type MemberShape } from "./discriminator.js";

/**
 * The reading of `if`/`then`/`else` as a discriminator: which conditionals of an object test one
 * property's value, and what each value of that property then requires or forbids. The
 * discriminated-conditionals repair turns it into a union type and the docs site into sentences;
 * one analysis, so the two never disagree.
 */

/** An `if` that tests one property's value only: true when the value is listed, or when the property is absent and `required` does not name it. */
export interface Test {
  property: string;
  values: Literal[];
  needsPresence: boolean;
}

export interface Conditional {
  /** The schema whose `if` this is: the object, or one of its `allOf` members. */
  holder: JsonObject;
  test: Test;
  then: JsonValue | undefined;
  else: JsonValue | undefined;
}

/** What a `then` or `else` requires of the object, as far as a type can say; `false` when it accepts nothing. */
export interface Effect {
  required: Set<string>;
  forbidden: Set<string>;
  narrowed: Map<string, JsonValue[]>;
  /** `anyOf`/`oneOf` of `required` lists: in each group, at least one list is all present. */
  alternatives: string[][][];
  /** References a branch is made of (`then: { $ref: pageObject }`): the member is also each target. */
  references: string[];
}

const CONDITIONAL_KEYS = new Set(["if", "then", "else"]);
/** The most alternatives of one `anyOf` of `required` lists that a member states. */
const MAX_ALTERNATIVES = 4;

/** The object's conditionals whose `if` is a discriminator test: its own `if`, and each `allOf` member that is only a conditional. */
export function conditionalsOf(schema: JsonObject): Conditional[] {
  const found: Conditional[] = [];
  const add = (holder: JsonObject) => {
    const test = discriminatorTest(holder["if"]);
    if (test !== undefined) found.push({ holder, test, then: holder["then"], else: holder["else"] });
  };
  if (schema["if"] !== undefined) add(schema);
  const members = schema["allOf"];
  if (Array.isArray(members)) {
    for (const member of members) {
      if (!isJsonObject(member) || member["if"] === undefined) continue;
      // Anything beside the conditional would be lost from the member's meaning: only `additionalProperties: false`, which
      // the unevaluated-properties-closed repair may have added, and which this repair only ever ignores (a wider type).
      const rest = constraintKeys(member).filter((key) => !CONDITIONAL_KEYS.has(key));
      if (rest.every((key) => key === "additionalProperties" && member[key] === false)) add(member);
    }
  }
  return found;
}

/** `{ properties: { p: { const | enum } }, required?: [p], type?: object }`, and nothing else that constrains. */
function discriminatorTest(condition: JsonValue | undefined): Test | undefined {
  if (!isJsonObject(condition)) return undefined;
  const keys = constraintKeys(condition);
  if (!keys.includes("properties") || keys.some((key) => !["properties", "required", "type"].includes(key)))
    return undefined;
  if (condition["type"] !== undefined && condition["type"] !== "object") return undefined;
  const properties = condition["properties"];
  if (!isJsonObject(properties) || Object.keys(properties).length !== 1) return undefined;
  const property = Object.keys(properties)[0]!;
  const test = properties[property];
  if (!isJsonObject(test)) return undefined;
  const testKeys = constraintKeys(test);
  let values: Literal[];
  if (testKeys.length === 1 && testKeys[0] === "const" && isLiteral(test["const"])) values = [test["const"]];
  else if (
    testKeys.length === 1 &&
    testKeys[0] === "enum" &&
    Array.isArray(test["enum"]) &&
    test["enum"].every(isLiteral)
  )
    values = test["enum"] as Literal[];
  else return undefined;
  const required = condition["required"];
  if (required !== undefined && !(Array.isArray(required) && required.every((name) => name === property)))
    return undefined;
  return { property, values, needsPresence: Array.isArray(required) && required.length > 0 };
}

/** The conditionals grouped by the property they test, in the order first met. */
export function byDiscriminator(conditionals: Conditional[]): Conditional[][] {
  const byProperty = new Map<string, Conditional[]>();
  for (const conditional of conditionals) {
    const list = byProperty.get(conditional.test.property) ?? [];
    list.push(conditional);
    byProperty.set(conditional.test.property, list);
  }
  return [...byProperty.values()];
}

/**
 * One member per outcome of the tests: the discriminator's values grouped by
 * what the chosen branches say for them (in the order the object lists them),
 * then its absence when it is optional. A value whose branches contradict
 * each other (a member both required and forbidden) allows no object and has
 * no member. Undefined when the tests change nothing a type can state.
 */
export function memberShapes(
  property: string,
  domain: Literal[],
  required: boolean,
  conditionals: Conditional[],
): MemberShape[] | undefined {
  const groups = new Map<string, { values: Literal[]; effect: Effect }>();
  for (const value of domain) {
    const effect = combine(conditionals.map((c) => (c.test.values.includes(value) ? c.then : c.else)));
    if (effect === false || effect.forbidden.has(property)) continue;
    const key = effectKey(effect);
    const group = groups.get(key);
    if (group) group.values.push(value);
    else groups.set(key, { values: [value], effect });
  }
  const shapes: MemberShape[] = [...groups.values()].map(({ values, effect }) => ({
    discriminator: { property, values },
    ...effect,
  }));
  if (!required) {
    const effect = combine(conditionals.map((c) => (c.test.needsPresence ? c.else : c.then)));
    if (effect !== false && !effect.required.has(property))
      shapes.push({ discriminator: { property, values: "absent" }, ...effect });
  }
  const says = (shape: MemberShape) =>
    shape.required.size +
      shape.forbidden.size +
      shape.narrowed.size +
      shape.alternatives.length +
      (shape.references?.length ?? 0) >
    0;
  if (shapes.length === 0 || !shapes.some(says)) return undefined;
  return shapes;
}

function combine(branches: (JsonValue | undefined)[]): Effect | false {
  const effect: Effect = {
    required: new Set(),
    forbidden: new Set(),
    narrowed: new Map(),
    alternatives: [],
    references: [],
  };
  for (const branch of branches) if (!addEffect(effect, branch)) return false;
  for (const name of effect.required) if (effect.forbidden.has(name)) return false;
  // A list naming a forbidden member cannot be met; a group with no list left allows no object.
  effect.alternatives = effect.alternatives.map((group) =>
    group.filter((names) => !names.some((name) => effect.forbidden.has(name))),
  );
  if (effect.alternatives.some((group) => group.length === 0)) return false;
  // A group with a list already met says nothing more.
  effect.alternatives = effect.alternatives.filter(
    (group) => !group.some((names) => names.every((name) => effect.required.has(name))),
  );
  return effect;
}

/**
 * Adds what one branch says to `effect`; false when the branch accepts no
 * object. A keyword not read here is left out, which only widens the member.
 */
function addEffect(effect: Effect, branch: JsonValue | undefined, depth = 0): boolean {
  if (branch === undefined || branch === true) return true;
  if (branch === false) return false;
  if (!isJsonObject(branch) || depth > 16) return true;
  const required = branch["required"];
  if (Array.isArray(required)) for (const name of required) if (typeof name === "string") effect.required.add(name);
  const reference = branch["$ref"];
  if (typeof reference === "string" && !effect.references.includes(reference)) effect.references.push(reference);
  const properties = branch["properties"];
  if (isJsonObject(properties)) {
    for (const [name, schema] of Object.entries(properties)) {
      if (schema === false) effect.forbidden.add(name);
      else if (isJsonObject(schema) && constraintKeys(schema).length > 0)
        effect.narrowed.set(name, [...(effect.narrowed.get(name) ?? []), schema]);
    }
  }
  for (const name of absentBy(branch["not"])) effect.forbidden.add(name);
  for (const keyword of ["anyOf", "oneOf"]) {
    const group = requiredLists(branch[keyword]);
    if (group !== undefined) effect.alternatives.push(group);
  }
  const members = branch["allOf"];
  if (Array.isArray(members)) for (const member of members) if (!addEffect(effect, member, depth + 1)) return false;
  return true;
}

/** The properties `not` forbids one by one: `not: { required: [x] }`, or `not: { anyOf: [{ required: [x] }, ...] }`. */
function absentBy(negated: JsonValue | undefined): string[] {
  if (!isJsonObject(negated)) return [];
  const single = (schema: JsonValue | undefined): string | undefined => {
    if (!isJsonObject(schema)) return undefined;
    const keys = constraintKeys(schema);
    const required = schema["required"];
    return keys.length === 1 && Array.isArray(required) && required.length === 1 && typeof required[0] === "string"
      ? required[0]
      : undefined;
  };
  const one = single(negated);
  if (one !== undefined) return [one];
  const alternatives = negated["anyOf"];
  if (constraintKeys(negated).length !== 1 || !Array.isArray(alternatives)) return [];
  const names = alternatives.map(single);
  return names.every((name) => name !== undefined) ? (names as string[]) : [];
}

/** `[{ required: [a] }, { required: [b, c] }]`: the lists, when every alternative is only a `required`. */
function requiredLists(alternatives: JsonValue | undefined): string[][] | undefined {
  if (!Array.isArray(alternatives) || alternatives.length === 0 || alternatives.length > MAX_ALTERNATIVES)
    return undefined;
  const lists = alternatives.map((alternative) => {
    if (!isJsonObject(alternative) || constraintKeys(alternative).join() !== "required") return undefined;
    const names = alternative["required"];
    return Array.isArray(names) && names.every((name) => typeof name === "string") ? (names as string[]) : undefined;
  });
  return lists.every((list) => list !== undefined) ? (lists as string[][]) : undefined;
}

function effectKey(effect: Effect): string {
  const narrowed = [...effect.narrowed.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([
    [...effect.required].sort(),
    [...effect.forbidden].sort(),
    narrowed,
    effect.alternatives,
    [...effect.references].sort(),
  ]);
}
