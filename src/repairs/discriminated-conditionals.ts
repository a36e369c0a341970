import { isJsonObject, type JsonObject } from "../core/json-object.js";
import type { JsonValue } from "../core/json-value.js";
import { byDiscriminator, conditionalsOf, memberShapes } from "./support/conditional-outcomes.js";
import { addUnion, expressedConditionals, literalDomain, memberSchema } from "./support/discriminator.js";
import type { Repair } from "./support/repair.js";
import { walkInput } from "./support/walk-input.js";

/** The most object types the unions of one object may multiply out to. */
const MAX_COMBINATIONS = 64;

export const repair: Repair = {
  id: "discriminated-conditionals",
  // Members repeat the object's properties as dependent-schemas and literal-pattern-properties leave them; the `anyOf`
  // this adds would keep unevaluated-properties-closed from closing the object.
  after: ["dependent-schemas", "unevaluated-properties-closed", "literal-pattern-properties"],
  description:
    "`if`/`then`/`else` says which members an object carries for each value of a discriminator " +
    "(`allOf: [{ if: { properties: { outcome: { const: succeeded } } }, then: { required: [payload] }, " +
    "else: { properties: { payload: false } } }]`). json-schema-to-typescript ignores the three keywords, so " +
    "every such member is optional in every case. When each `if` tests only the value of one property " +
    "(`const` or `enum`, with or without `required`) whose values the object lists (`enum`, `const`, through " +
    "a `$ref`, or `type: boolean`), charter intersects the object with a union, one per such property, of one " +
    "member per outcome of the tests: the discriminator as a literal type, what the chosen branches require " +
    "made required, what they forbid " +
    "(`false`, `not: { required: [x] }`) typed `?: never`, one of several members they ask for (`anyOf` of " +
    "`required` lists) as a union, and property schemas they add, and schemas a branch refers to " +
    "(`then: { $ref: pageObject }`), intersected. When " +
    "the discriminator is optional, a member for its absence holds what the tests say then (an `if` without " +
    "`required` is true there). A condition of any other form, and any branch keyword a type cannot state, is " +
    "left to the validator: the type is never narrower than the schema.",
  schema(input, applied, context) {
    walkInput(
      input,
      (schema, pointer) => {
        if (schema["type"] !== "object" || !isJsonObject(schema["properties"])) return;
        let changed = false;
        let combinations = 1;
        // Each discriminator's union holds for every valid instance on its own, so their intersection does too.
        for (const chosen of byDiscriminator(conditionalsOf(schema))) {
          const property = chosen[0]!.test.property;
          const domain = literalDomain((schema["properties"] as JsonObject)[property], context);
          if (domain === undefined || domain.length === 0) continue;
          const required = Array.isArray(schema["required"]) && (schema["required"] as JsonValue[]).includes(property);
          const shapes = memberShapes(property, domain, required, chosen);
          // TypeScript multiplies intersected unions out; past a bound a union is left out (a wider type, never a narrower one).
          const size =
            shapes === undefined
              ? 0
              : shapes.reduce(
                  (sum, shape) => sum + shape.alternatives.reduce((product, group) => product * group.length, 1),
                  0,
                );
          if (shapes === undefined || combinations * size > MAX_COMBINATIONS) continue;
          combinations *= size;
          addUnion(
            schema,
            shapes.map((shape) => memberSchema(shape, schema["properties"] as JsonObject)),
          );
          for (const conditional of chosen) expressedConditionals.add(conditional.holder);
          changed = true;
        }
        if (changed) applied(pointer);
      },
      context,
    );
  },
};
