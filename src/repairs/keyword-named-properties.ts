import type { ts } from "./support/typescript-api.js";
import { typescript } from "./support/typescript-lazy.js";
import { isJsonObject } from "../core/json-object.js";
import type { Repair } from "./support/repair.js";
import { ownerName } from "./support/owner-name.js";
import { walkInput } from "./support/walk-input.js";

/**
 * Keywords json-schema-to-typescript reads or rewrites in any object it meets,
 * property maps included (its input check, its normaliser and its resolver).
 */
const CHECKED = new Set([
  "deprecated",
  "tsEnumNames",
  "tsType",
  "items",
  "extends",
  "const",
  "enum",
  "definitions",
  "$defs",
  "required",
  "allOf",
  "anyOf",
  "oneOf",
  "$ref",
  "$id",
  "id",
  "minItems",
  "maxItems",
  "additionalProperties",
  "additionalItems",
  "properties",
  "patternProperties",
  "type",
  "not",
  "default",
  "examples",
  "nullable",
]);
const PLACEHOLDER = "__charterProperty_";

export const repair: Repair = {
  id: "keyword-named-properties",
  // These write properties named after patterns, `required` lists and `dependentRequired` entries: this renames them
  // too once they are properties.
  after: [
    "literal-pattern-properties",
    "discriminated-conditionals",
    "dependent-required",
    "discriminated-alternatives",
  ],
  description:
    "json-schema-to-typescript checks its input by walking every object in it, so a property named like a " +
    "keyword it checks is read as that keyword: `properties: {deprecated: {type: boolean}}` makes it refuse " +
    'the whole schema ("deprecated must be a boolean"), one named `tsEnumNames` or `allOf` makes it ' +
    "crash, and ones named `items`, `extends`, `const` or `nullable` are rewritten (a `minItems` member appears, a " +
    "string becomes a list, the other properties move into an `anyOf`). charter gives each property named like a keyword a placeholder name in the " +
    "generator's input (schema depth, `required` included) and puts the real name back on the generated " +
    "member (AST depth).",
  schema(input, applied, context) {
    walkInput(
      input,
      (schema, pointer) => {
        const properties = schema["properties"];
        if (!isJsonObject(properties)) return;
        const renamed = Object.keys(properties).filter((name) => CHECKED.has(name));
        if (renamed.length === 0) return;
        const entries = Object.entries(properties).map(
          ([name, value]) => [CHECKED.has(name) ? PLACEHOLDER + name : name, value] as const,
        );
        for (const key of Object.keys(properties)) delete properties[key];
        for (const [name, value] of entries) properties[name] = value;
        if (Array.isArray(schema["required"])) {
          schema["required"] = schema["required"].map((name) =>
            typeof name === "string" && CHECKED.has(name) ? PLACEHOLDER + name : name,
          );
        }
        applied(pointer);
      },
      context,
    );
  },
  // Only members the schema depth renamed are changed.
  astApplies: (text) => text.includes(PLACEHOLDER),
  ast(source, edit, applied) {
    // One textual change per placeholder rather than a rename per member: ts-morph's rename asks the
    // language service for references, which takes minutes on a large module. The placeholder only
    // ever appears as a member name, and each real name is an identifier, so no quoting changes.
    const compiler = typescript();
    const visit = (node: ts.Node): void => {
      if (compiler.isPropertySignature(node) && node.name.getText(source).startsWith(PLACEHOLDER))
        applied(`${ownerName(node, source)}.${node.name.getText(source).slice(PLACEHOLDER.length)}`);
      compiler.forEachChild(node, visit);
    };
    visit(source);
    const text = source.text;
    for (let at = text.indexOf(PLACEHOLDER); at !== -1; at = text.indexOf(PLACEHOLDER, at + PLACEHOLDER.length))
      edit({ start: at, end: at + PLACEHOLDER.length, text: "" });
  },
};
