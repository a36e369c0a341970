import { isJsonObject, type JsonObject } from "../../core/json-object.js";
import type { JsonValue } from "../../core/json-value.js";
import { byDiscriminator, conditionalsOf, memberShapes } from "../../repairs/support/conditional-outcomes.js";
import { literalDomain } from "../../repairs/support/discriminator.js";
import { pascalCase } from "../shared/type-names.js";

/** One model of a discriminated union: the discriminator's values in it, and what it requires and forbids. */
export interface Variant {
  suffix: string;
  values: string[];
  required: ReadonlySet<string>;
  forbidden: ReadonlySet<string>;
}

/**
 * The variants of an object whose `if`/`then`/`else` rules test a required member with string
 * values: the analysis the TypeScript types' discriminated-conditionals repair makes its union
 * from (src/repairs/support/conditional-outcomes.ts), so the two languages split alike.
 * Undefined where the rules make no union of models: no such member, its absence a case, or
 * one case only. Other discriminators' rules are left to the schema.
 */
export function conditionalVariants(
  schema: JsonObject,
  resolve: (reference: string) => JsonValue | undefined,
): { discriminator: string; variants: Variant[] } | undefined {
  const properties = schema["properties"];
  if (!isJsonObject(properties)) return undefined;
  const required = Array.isArray(schema["required"]) ? schema["required"] : [];
  for (const chosen of byDiscriminator(conditionalsOf(schema))) {
    const property = chosen[0]!.test.property;
    if (!required.includes(property) || !/^[a-z][A-Za-z0-9_]*$/.test(property)) continue;
    const domain = literalDomain(properties[property], { resolve });
    if (domain === undefined || domain.length < 2 || !domain.every((v) => typeof v === "string")) continue;
    const shapes = memberShapes(property, domain, true, chosen);
    if (shapes === undefined || shapes.length < 2) continue;
    const variants: Variant[] = [];
    for (const shape of shapes) {
      if (shape.discriminator.values === "absent") return undefined;
      const values = shape.discriminator.values as string[];
      variants.push({
        suffix: values.map((v) => pascalCase(v)).join("Or"),
        values,
        required: shape.required,
        forbidden: shape.forbidden,
      });
    }
    return { discriminator: property, variants };
  }
  return undefined;
}
