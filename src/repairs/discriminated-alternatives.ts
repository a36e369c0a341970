import { defineKey, isJsonObject, type JsonObject } from "../core/json-object.js";
import { joinPointer } from "../core/json-pointer.js";
import type { JsonValue } from "../core/json-value.js";
import { closedForTheType, constraintKeys, presentSchema, sharedDiscriminator } from "./support/discriminator.js";
import type { Repair } from "./support/repair.js";
import { walkInput } from "./support/walk-input.js";

export const repair: Repair = {
  id: "discriminated-alternatives",
  // It reads the unions conditional-branches writes, the object's properties as dependent-schemas and
  // literal-pattern-properties leave them, and whether unevaluated-properties-closed closed it.
  after: ["conditional-branches", "dependent-schemas", "literal-pattern-properties", "unevaluated-properties-closed"],
  description:
    "An object's `oneOf` or `anyOf` branches say which members each alternative carries (`oneOf: " +
    "[{ properties: { kind: { const: circle } }, required: [kind, radius] }, ...]`). json-schema-to-typescript " +
    "drops a name a branch requires but only the object declares (`radius` stays optional), ignores " +
    "`not: { required: [x] }`, and writes each branch with `[k: string]: unknown`, which opens an object " +
    "that `additionalProperties: false` closed. charter gives each inline branch the object's own schema of " +
    "every member it requires, types a member it forbids that way as `?: never`, and, when the branches " +
    "form a discriminated union (each fixes one required property to values of its own, through `const`, " +
    "`enum` or a `$ref`, none shared), or when the object is closed (`additionalProperties: false`), closes " +
    "each branch: the object's own part of the type still says which keys are allowed. A branch that is a " +
    "`$ref` keeps its own type.",
  schema(input, applied, context) {
    walkInput(
      input,
      (schema, pointer) => {
        const declared = schema["properties"];
        if (!isJsonObject(declared)) return;
        // The object's own alternatives, and those of each `allOf` member that is only alternatives (enonic's
        // `allOf: [{ oneOf: [{required: [controller]}, {required: [filter]}] }, ...]`): both apply to the object.
        const holders: [JsonObject, string][] = [[schema, pointer]];
        const allOf = schema["allOf"];
        if (Array.isArray(allOf)) {
          allOf.forEach((member, index) => {
            if (isJsonObject(member) && constraintKeys(member).every((key) => key === "oneOf" || key === "anyOf"))
              holders.push([member, joinPointer(pointer, "allOf", String(index))]);
          });
        }
        for (const [holder, at] of holders) {
          for (const keyword of ["oneOf", "anyOf"]) {
            const branches = holder[keyword];
            if (!Array.isArray(branches) || branches.length < 2) continue;
            const inline = branches.filter(
              (branch): branch is JsonObject => isJsonObject(branch) && branch["$ref"] === undefined,
            );
            // A closed object's own type lists every key a valid value may have, so its branches may close too.
            const close =
              schema["additionalProperties"] === false ||
              (inline.length === branches.length && sharedDiscriminator(schema, inline, context) !== undefined);
            let changed = false;
            for (const branch of inline) changed = tighten(branch, declared, close) || changed;
            if (changed) applied(joinPointer(at, keyword));
          }
        }
      },
      context,
    );
  },
};

/** Types what one branch requires and forbids, and closes it when asked; whether anything changed. */
function tighten(branch: JsonObject, declared: JsonObject, close: boolean): boolean {
  const required = Array.isArray(branch["required"]) ? (branch["required"] as JsonValue[]) : [];
  if (!close && required.length === 0 && branch["not"] === undefined) return false;
  let changed = false;
  if (!isJsonObject(branch["properties"])) branch["properties"] = {};
  const properties = branch["properties"] as JsonObject;
  const has = (name: string) => Object.prototype.hasOwnProperty.call(properties, name);
  for (const name of required) {
    if (typeof name !== "string" || has(name)) continue;
    defineKey(
      properties,
      name,
      Object.prototype.hasOwnProperty.call(declared, name) ? presentSchema(declared[name]) : {},
    );
    changed = true;
  }
  const negated = branch["not"];
  if (
    isJsonObject(negated) &&
    Object.keys(negated).length === 1 &&
    Array.isArray(negated["required"]) &&
    negated["required"].length === 1
  ) {
    const name = negated["required"][0];
    if (typeof name === "string" && !has(name)) {
      defineKey(properties, name, false);
      changed = true;
    }
  }
  // The branch is one part of an intersection with the object's own type, which keeps the object's openness.
  if (
    close &&
    ["additionalProperties", "unevaluatedProperties", "patternProperties"].every((key) => branch[key] === undefined)
  ) {
    branch["additionalProperties"] = false;
    closedForTheType.add(branch);
    changed = true;
  }
  return changed;
}
