import path from "node:path";
import { Ajv } from "ajv";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { compile } from "../../src/pipeline/compile.js";
import { DEFAULT_VALIDATION } from "../../src/settings/validation.js";
import { tempTree } from "../helpers/temp-tree.js";

// Under `strictness: strict`, charter refuses what ajv's strict mode refuses when it compiles
// the contract, and only warns about what ajv meets when a definition is compiled on its own
// (charter exports each top-level definition as a validator of its own).

const STRICT = { defaults: { ...DEFAULT_VALIDATION.defaults, strictness: "strict" as const }, contracts: new Map() };
const DRAFT07 = "$schema: http://json-schema.org/draft-07/schema#\n";

async function generate(name: string, source: string) {
  const dir = tempTree({ [`src/${name}.yaml`]: source });
  const result = await compile({
    sourceDir: path.join(dir, "src"),
    outDir: path.join(dir, "out"),
    baseUri: "https://p.test/",
    catalog: [],
    typeCheck: false,
    validation: STRICT,
  });
  const located = result.diagnostics
    .filter((d) => d.code === "CH704")
    .map((d) => `${d.line}:${d.column} ${d.severity} ${d.message}`);
  return { located, validator: result.files.has(`validators/${name}.js`) };
}

/** What ajv itself says with `strict: true`, as SchemaStore's harness runs it: the first finding it throws, or "accepted". */
function ajvStrict(source: string, fragment?: string): string {
  const ajv = new Ajv({ strict: true, logger: false });
  const schema = parse(source) as { $id?: string };
  try {
    if (fragment === undefined) ajv.compile(schema);
    else {
      ajv.addSchema({ ...schema, $id: "https://p.test/s.json" });
      ajv.getSchema(`https://p.test/s.json#${fragment}`);
    }
    return "accepted";
  } catch (error) {
    return (error as Error).message.replace(/ at ".*$/, "");
  }
}

const WARNING =
  "; a warning: ajv meets it only compiling this definition on its own, and its strict mode accepts the contract";
const PROPERTY_NAMES = 'missing type "object" for keyword "propertyNames"';

describe("strict mode, as ajv's strict mode judges the contract", () => {
  // SchemaStore's azure-deviceupdate-manifest-definitions-4.0 and -5.0: a library of definitions
  // that other documents reference; its root references none of them.
  const library = (inner: string) =>
    DRAFT07 +
    "definitions:\n" +
    "  hashes:\n" +
    "    type: object\n" +
    "    additionalProperties:\n" +
    "      type: string\n" +
    "      propertyNames: { maxLength: 32 }\n" +
    inner +
    "  algorithm: { type: string }\n";

  it("warns about a finding in a definition the root never references, inlined by ajv or not, and writes the validators", async () => {
    for (const inner of ["", "    properties:\n      sha256: { $ref: '#/definitions/algorithm' }\n"]) {
      const source = library(inner);
      expect(ajvStrict(source)).toBe("accepted");
      expect(ajvStrict(source, "/definitions/hashes")).toBe(`strict mode: ${PROPERTY_NAMES}`);
      expect(await generate("defs", source), inner).toEqual({
        located: [
          `6:7 warning ${PROPERTY_NAMES} (ajv: at https://p.test/defs.schema.json#/definitions/hashes/additionalProperties)${WARNING}`,
        ],
        validator: true,
      });
    }
  });

  it("refuses the same finding once the root references the definition, inlined by ajv or not", async () => {
    for (const inner of ["", "    properties:\n      sha256: { $ref: '#/definitions/algorithm' }\n"]) {
      const source = library(inner) + "type: object\nproperties:\n  files: { $ref: '#/definitions/hashes' }\n";
      expect(ajvStrict(source)).toBe(`strict mode: ${PROPERTY_NAMES}`);
      expect(await generate("defs", source), inner).toEqual({
        located: [
          `6:7 error ${PROPERTY_NAMES} (ajv: at https://p.test/defs.schema.json#/definitions/hashes/additionalProperties)`,
        ],
        validator: false,
      });
    }
  });

  // SchemaStore's tox: ajv checks a `required` name against every property declared so far at
  // the same place of the instance, so where one `oneOf` branch declares `prefix`, the next
  // branch may forbid it with `not: {required: [prefix]}`; alone, that branch is a finding.
  const factors = (oneOf: string) =>
    DRAFT07 +
    "type: object\n" +
    "properties:\n" +
    `  factor: { oneOf: [${oneOf}] }\n` +
    "definitions:\n" +
    "  range:\n" +
    "    type: object\n" +
    "    properties: { prefix: { type: string }, start: { type: integer } }\n" +
    "  labeled:\n" +
    "    type: object\n" +
    "    not: { required: [prefix] }\n" +
    "    additionalProperties: { type: string }\n";

  it("warns about a required name that ajv, in the contract, finds declared by a sibling branch", async () => {
    const source = factors("$ref: '#/definitions/range', $ref: '#/definitions/labeled'");
    expect(ajvStrict(source)).toBe("accepted");
    expect(ajvStrict(source, "/definitions/labeled")).toBe('strict mode: required property "prefix" is not defined');
    expect(await generate("tox", source)).toEqual({
      located: [
        `11:10 warning required property "prefix" is not defined (ajv: at https://p.test/tox.schema.json#/definitions/labeled/not)${WARNING}`,
      ],
      validator: true,
    });
  });

  it("refuses it where nothing declared the name before, as ajv does", async () => {
    const source = factors("$ref: '#/definitions/labeled', $ref: '#/definitions/range'");
    expect(ajvStrict(source)).toBe('strict mode: required property "prefix" is not defined');
    expect(await generate("tox", source)).toEqual({
      located: [
        `11:10 error required property "prefix" is not defined (ajv: at https://p.test/tox.schema.json#/definitions/labeled/not)`,
      ],
      validator: false,
    });
  });

  it("keeps the root's own finding when an unreferenced definition ajv compiles apart logs the same text", async () => {
    // Both say `... at "<id>#/additionalProperties"`: the root's, and the definition's relative to itself.
    const loose = "additionalProperties:\n  type: string\n  propertyNames: { maxLength: 3 }\n";
    const source =
      DRAFT07 +
      "type: object\n" +
      loose +
      "definitions:\n" +
      "  apart:\n" +
      "    type: object\n" +
      "    properties: { id: { $ref: '#/definitions/id' } }\n" +
      loose.replace(/^(?=.)/gm, "    ") +
      "  id: { type: string }\n";
    expect(ajvStrict(source)).toBe(`strict mode: ${PROPERTY_NAMES}`);
    expect(await generate("both", source)).toEqual({
      located: [
        `4:3 error ${PROPERTY_NAMES} (ajv: at https://p.test/both.schema.json#/additionalProperties)`,
        `11:7 warning ${PROPERTY_NAMES} (ajv: at https://p.test/both.schema.json#/definitions/apart/additionalProperties)${WARNING}`,
      ],
      validator: false,
    });
  });

  // AsyncAPI's published schemas: every definition is a schema resource of its own, keyed and
  // referenced by its `$id`. ajv names a finding there by that URI, often run together with the
  // base of the function it was compiling (`<base><uri>/properties/x`).
  const resources = (inner: string) =>
    DRAFT07 +
    "type: object\n" +
    "properties:\n" +
    "  channel: { $ref: 'https://p.test/channel.json' }\n" +
    "definitions:\n" +
    "  https://p.test/channel.json:\n" +
    "    $id: https://p.test/channel.json\n" +
    "    properties:\n" +
    "      name: { type: string }\n" +
    inner;

  it("places a finding inside a nested schema resource of the contract's own, inlined by ajv or not", async () => {
    const at = "(ajv: at https://p.test/res.schema.json#/definitions/https%3A~1~1p.test~1channel.json)";
    for (const inner of [
      "",
      "      kind: { $ref: '#/definitions/kind' }\n    definitions:\n      kind: { enum: [a, b] }\n",
    ]) {
      const source = resources(inner);
      expect(ajvStrict(source)).toBe('strict mode: missing type "object" for keyword "properties"');
      expect(await generate("res", source), inner).toEqual({
        located: [`7:5 error missing type "object" for keyword "properties" ${at}`],
        validator: false,
      });
    }
  });

  it("leaves a finding inside another contract's document to that contract", async () => {
    const dir = tempTree({
      "src/a.yaml": "type: object\nproperties:\n  b: { $ref: b.yaml }\n",
      "src/b.yaml": "properties:\n  n: { type: integer }\n",
    });
    const result = await compile({
      sourceDir: path.join(dir, "src"),
      outDir: path.join(dir, "out"),
      baseUri: "https://p.test/",
      catalog: [],
      typeCheck: false,
      validation: STRICT,
    });
    expect(
      result.diagnostics.map((d) => `${path.basename(d.file ?? "")}:${d.line}:${d.column} ${d.severity} ${d.code}`),
    ).toEqual(["b.yaml:1:1 error CH704"]);
    expect(result.files.has("validators/a.js")).toBe(true);
  });
});
