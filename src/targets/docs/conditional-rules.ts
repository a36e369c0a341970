import { isJsonObject, type JsonObject } from "../../core/json-object.js";
import type { JsonValue } from "../../core/json-value.js";
import { byDiscriminator, conditionalsOf, memberShapes } from "../../repairs/support/conditional-outcomes.js";
import { literalDomain, type Literal } from "../../repairs/support/discriminator.js";
import { wordList } from "./html.js";

/**
 * One outcome of an object's discriminator: for these values of `discriminator` (or its
 * absence), which members the `if`/`then`/`else` rules require, forbid, or constrain further.
 * It is the analysis the discriminated-conditionals repair makes its union types from, so the
 * words on a page and the generated type say the same thing.
 */
export interface ConditionalRule {
  discriminator: string;
  values: readonly Literal[] | "absent";
  required: string[];
  forbidden: string[];
  /** Members whose schema a branch narrows. */
  narrowed: string[];
  /** Groups of `required` lists: at least one list of each group all present. */
  alternatives: string[][][];
}

/** The rules of every discriminator of an object schema, in the order the repair reads them. */
export function conditionalRules(
  schema: JsonObject,
  resolve: (reference: string) => JsonValue | undefined,
): ConditionalRule[] {
  const properties = schema["properties"];
  if (!isJsonObject(properties)) return [];
  const rules: ConditionalRule[] = [];
  for (const chosen of byDiscriminator(conditionalsOf(schema))) {
    const property = chosen[0]!.test.property;
    const domain = literalDomain(properties[property], { resolve });
    if (domain === undefined || domain.length === 0) continue;
    const required = Array.isArray(schema["required"]) && schema["required"].includes(property);
    for (const shape of memberShapes(property, domain, required, chosen) ?? [])
      rules.push({
        discriminator: property,
        values: shape.discriminator.values,
        required: [...shape.required].filter((name) => name !== property).sort(),
        forbidden: [...shape.forbidden].sort(),
        narrowed: [...shape.narrowed.keys()].filter((name) => name !== property).sort(),
        alternatives: shape.alternatives.map((group) => group.map((names) => [...names])),
      });
  }
  return rules;
}

const quoted = (name: string) => `\`${name}\``;
const valueText = (value: Literal) => `\`${typeof value === "string" ? value : JSON.stringify(value)}\``;

/** "when `outcome` is `failed` or `suspended`", "when `kind` is absent". */
export function conditionText(rule: Pick<ConditionalRule, "discriminator" | "values">): string {
  return rule.values === "absent"
    ? `when ${quoted(rule.discriminator)} is absent`
    : `when ${quoted(rule.discriminator)} is ${wordList(rule.values.map(valueText), "or")}`;
}

/**
 * The rule as a sentence: "When `outcome` is `failed`: `problem` is required, and `payload`
 * must be absent." Backticks mark code; the page escapes the rest.
 */
export function ruleSentence(rule: ConditionalRule): string {
  const parts: string[] = [];
  if (rule.required.length > 0)
    parts.push(`${wordList(rule.required.map(quoted))} ${rule.required.length === 1 ? "is" : "are"} required`);
  for (const group of rule.alternatives)
    parts.push(
      `at least one of ${wordList(
        group.map((names) => wordList(names.map(quoted))),
        "or",
      )} is present`,
    );
  if (rule.narrowed.length > 0) parts.push(`${wordList(rule.narrowed.map(quoted))} must also meet this case's schema`);
  if (rule.forbidden.length > 0) parts.push(`${wordList(rule.forbidden.map(quoted))} must be absent`);
  const condition = conditionText(rule);
  const said = parts.length === 0 ? "nothing more is asked" : wordList(parts);
  return `${condition[0]!.toUpperCase()}${condition.slice(1)}: ${said}.`;
}

/** A member's requirement by the rules: the conditions under which some rule requires it. */
export function requiredWhen(rules: readonly ConditionalRule[], member: string): string[] {
  return rules.filter((rule) => rule.required.includes(member)).map(conditionText);
}
