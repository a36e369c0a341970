/**
 * Soundness of the repaired types (issue 22): each case is a schema shape from
 * the SchemaStore corpus whose valid instances failed to type-check, with such
 * instances as its `examples`. charter's own check assigns every example to its
 * type under `strict` and reports one that does not fit as CH605; the
 * validator must accept each (else CH705), so the examples are valid.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compile } from "../../src/pipeline/compile.js";
import { tempTree } from "../helpers/temp-tree.js";

async function diagnosticsOf(source: string) {
  const dir = tempTree({ "src/contract.yaml": source });
  const result = await compile({
    sourceDir: path.join(dir, "src"),
    outDir: path.join(dir, "out"),
    baseUri: "https://fixtures.test/",
    catalog: [],
    typeCheck: true,
  });
  return {
    types: result.files.get("types/contract.ts"),
    problems: result.diagnostics
      .filter((d) => d.severity === "error" || d.code === "CH605")
      .map((d) => `${d.code} ${d.message}`),
  };
}

describe("valid instances type-check against the repaired types", () => {
  it("a schema that only a $ref under an unknown keyword reaches (vector's `definitions/x/full`)", async () => {
    const { problems } = await diagnosticsOf(`
$schema: http://json-schema.org/draft-07/schema#
type: object
properties:
  database:
    $ref: "#/definitions/identifier/full"
    description: Reference to a database.
definitions:
  identifier:
    full:
      type: string
      oneOf:
        - pattern: "^[a-z]+$"
        - pattern: "^\\\\$\\\\{[a-z]+\\\\}$"
examples:
  - database: main
  - database: "\${db}"
`);
    expect(problems).toEqual([]);
  }, 30_000);

  it("an items list without additionalItems, holding more items than it lists (drupal-recipe's setThirdPartySettings)", async () => {
    const { problems } = await diagnosticsOf(`
$schema: http://json-schema.org/draft-07/schema#
type: object
properties:
  settings:
    type: array
    items:
      - type: object
        properties: { module: { type: string }, value: { type: string } }
        required: [module, value]
examples:
  - settings: [{ module: a, value: b }, { module: c, value: d }]
  - settings: [{ module: a, value: b }, 3]
`);
    expect(problems).toEqual([]);
  }, 30_000);

  it("keywords of one kind in a schema without type: other kinds pass (netlify's widget, github-workflow's with, tslint's rules)", async () => {
    const { problems } = await diagnosticsOf(`
$schema: http://json-schema.org/draft-07/schema#
type: object
properties:
  widget:
    properties:
      hint: { type: string }
  with:
    $ref: "#/definitions/env"
    properties:
      args: { type: string }
  rule:
    allOf:
      - type: [boolean, object, array]
      - items: [{ type: boolean }]
        additionalItems: { type: string }
        properties:
          options: { type: string }
        additionalProperties: false
definitions:
  env:
    oneOf:
      - type: object
        additionalProperties: { type: string }
      - type: string
examples:
  - { widget: string, with: "\${{ fromJSON(inputs.with) }}", rule: true }
  - { widget: { hint: h }, with: { args: a }, rule: { options: o } }
  - { widget: 3, rule: [false, a, b] }
`);
    expect(problems).toEqual([]);
  }, 30_000);

  it("a schema of only if/then/else (flatpak's modules: a module object, or a file name)", async () => {
    const { problems } = await diagnosticsOf(`
$schema: http://json-schema.org/draft-07/schema#
type: object
properties:
  modules:
    type: array
    items:
      if: { type: object }
      then: { required: [name], properties: { name: { type: string } } }
      else: { type: string }
examples:
  - modules: [{ name: app }, extra-module.json]
`);
    expect(problems).toEqual([]);
  }, 30_000);

  it("an open object with a discriminated union: the union's members close only for the type (drupal-info's starterkit)", async () => {
    const { types, problems } = await diagnosticsOf(`
$schema: http://json-schema.org/draft-07/schema#
type: object
properties:
  name: { type: string }
  type: { enum: [module, theme] }
required: [name, type]
allOf:
  - if: { properties: { type: { const: module } } }
    then: { properties: { configure: { type: string } } }
  - if: { properties: { type: { const: theme } } }
    then: { properties: { engine: { type: string } }, required: [engine] }
examples:
  - { name: olivero, type: theme, engine: twig, starterkit: true }
  - { name: views, type: module, configure: views.settings, hidden: true }
`);
    expect(problems).toEqual([]);
    // The union did form (else this test would not reach the case): the theme case requires its engine.
    expect(types).toMatch(/type: "theme";\n\s+engine: string;/);
  }, 30_000);
});
