import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../src/core/diagnostic.js";
import type { Dialect } from "../../src/schema/dialect.js";
import { createAjv } from "../../src/targets/validators/create-ajv.js";
import { compileTree } from "../helpers/compile-tree.js";
import { generateImportable } from "../helpers/generate-importable.js";

/** A contract whose `license` definition holds a `$ref` to a file that does not exist; the root never uses it. */
const UNUSED = `type: object
required: [name]
properties:
  name: { $ref: '#/$defs/name' }
$defs:
  name: { type: string, minLength: 1 }
  license:
    anyOf:
      - $ref: licenses.yaml
      - type: string
`;

/** Every string under a `$ref` key of a bundle, wherever it sits. */
function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value !== null && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      if (key === "$ref" && typeof child === "string") found.push(child);
      else refsIn(child, found);
    }
  }
  return found;
}

const of = (diagnostics: readonly Diagnostic[], code: string) => diagnostics.filter((d) => d.code === code);

describe("a reference that names nothing, where evaluation from the root never goes", () => {
  it("is one warning at the $ref; the contract, its validator and its types are produced without the definition's validator", async () => {
    const { result, load, dir } = await generateImportable({ "src/a.yaml": UNUSED }, { typeCheck: true });
    expect(
      result.diagnostics.filter((d) => d.severity === "error"),
      JSON.stringify(result.diagnostics),
    ).toEqual([]);
    const [warning, ...more] = of(result.diagnostics, "CH309");
    expect(more).toEqual([]);
    expect(warning).toMatchObject({ severity: "warning", file: path.join(dir, "src", "a.yaml"), line: 9, column: 15 });
    expect(warning!.message).toMatch(
      /^\$ref "licenses\.yaml" names a file that does not exist in the source tree, but no evaluation from the root of a reaches it/,
    );
    expect(warning!.message).toMatch(
      /a#\/\$defs\/license reaches it, so it gets no validator export, and its type has unknown there/,
    );
    expect(of(result.diagnostics, "CH207")).toEqual([]);
    expect(result.produced).toEqual(["a"]);

    const validators = await load("validators/a.js");
    expect(Object.keys(validators).sort()).toEqual(["__charterErrors", "validate", "validateName"]);
    expect(validators.validate!({ name: "x" })).toBe(true);
    expect(validators.validate!({ name: "" })).toBe(false);
    expect(validators.validateName!("x")).toBe(true);
    const registry = (await load("validators/index.js")).registry as unknown as Record<string, unknown>;
    expect(Object.keys(registry).sort()).toEqual(["a", "a#/$defs/name"]);
    // The types compiled under strict flags (typeCheck); the unresolved spot is unknown.
    expect(result.files.get("types/a.ts")).toMatch(/export type License = unknown \| string;/);
  });

  it("leaves no reference to nothing in the bundle: evaluation that gets there is refused, and a $comment names it", async () => {
    const tree = await compileTree({ "src/a.yaml": UNUSED });
    const bundle = tree.schema("a");
    expect(refsIn(bundle)).toEqual(["#/$defs/name"]);
    const license = (bundle["$defs"] as Record<string, { anyOf: unknown[] }>)["license"]!;
    expect(license.anyOf[0]).toEqual({
      not: { $comment: expect.stringMatching(/\$ref "licenses\.yaml" names nothing/) },
    });
    const ajv = createAjv("2020-12", {}, { warnings: [] });
    ajv.addSchema(bundle);
    const validateLicense = ajv.getSchema(`${bundle["$id"] as string}#/$defs/license`)!;
    expect(validateLicense("MIT")).toBe(true);
    expect(validateLicense(42)).toBe(false);
  });

  it("is refused beside a `not` the schema already has, and a draft-07 $id the $ref hid declares no resource", async () => {
    const cases: [Dialect, string, string, unknown][] = [
      [
        "2020-12",
        "$schema: https://json-schema.org/draft/2020-12/schema\n",
        "{ $ref: 'missing.yaml', not: { type: string } }",
        42,
      ],
      [
        "draft-07",
        "$schema: http://json-schema.org/draft-07/schema#\n",
        "{ $id: 'other.json', $ref: 'missing.yaml' }",
        "anything",
      ],
    ];
    for (const [dialect, header, definition, value] of cases) {
      const tree = await compileTree({
        "src/a.yaml": `${header}type: string\n${dialect === "2020-12" ? "$defs" : "definitions"}:\n  d: ${definition}\n`,
      });
      expect(tree.produced).toEqual(["a"]);
      const bundle = tree.schema("a");
      expect(refsIn(bundle)).toEqual([]);
      const ajv = createAjv(dialect, {}, { warnings: [] });
      ajv.addSchema(bundle);
      const validateD = ajv.getSchema(
        `${bundle["$id"] as string}#/${dialect === "2020-12" ? "$defs" : "definitions"}/d`,
      )!;
      expect(validateD(value), dialect).toBe(false);
      expect(JSON.stringify(bundle), dialect).not.toContain("other.json");
    }
  });

  it("does not run the examples of a definition that reaches it: it has no validator to run them", async () => {
    const tree = await compileTree({
      "src/a.yaml":
        "type: string\nexamples: [x]\n$defs:\n  d: { $ref: 'missing.yaml', examples: [anything] }\n  e: { type: integer, examples: [1] }\n",
    });
    expect(tree.produced).toEqual(["a"]);
    expect(
      tree.diagnostics.filter((d) => d.severity === "error"),
      JSON.stringify(tree.diagnostics),
    ).toEqual([]);
    expect(tree.summary.instancesChecked).toBe(2);
  });

  it("is a warning for a fragment that names nothing too, and for an unmapped URI", async () => {
    const tree = await compileTree({
      "src/a.yaml":
        "type: string\n$defs:\n  d: { $ref: '#/$defs/nothing' }\n  e: { $ref: '#nowhere' }\n  f: { $ref: 'https://elsewhere.example.test/s.json' }\n",
    });
    expect(tree.produced).toEqual(["a"]);
    expect(tree.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(of(tree.diagnostics, "CH309").map((d) => [d.line, d.column, d.message.replace(/,? but .*/, "")])).toEqual([
      [3, 14, '$ref "#/$defs/nothing": a.yaml has no schema at "#/$defs/nothing"'],
      [4, 14, '$ref "#nowhere": no anchor "nowhere" in a.yaml'],
      [
        5,
        14,
        '$ref "https://elsewhere.example.test/s.json" resolves to https://elsewhere.example.test/s.json, which no source declares as its $id and no --catalog mapping covers; charter does not fetch schemas',
      ],
    ]);
  });

  it("is reported once, however many contracts embed its document", async () => {
    const tree = await compileTree({
      "src/shared.yaml": "$defs:\n  name: { type: string }\n  license: { $ref: 'licenses.yaml' }\n",
      "src/a.yaml": "$ref: 'shared.yaml#/$defs/name'\n",
      "src/b.yaml": "type: object\nproperties:\n  n: { $ref: 'shared.yaml#/$defs/name' }\n",
    });
    expect(tree.produced).toEqual(["a", "b", "shared"]);
    const warnings = of(tree.diagnostics, "CH309");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toMatch(/no evaluation from the root of a, b and shared reaches it/);
  });
});

describe("a reference that names nothing, where evaluation from the root goes", () => {
  it("stays the error it is, at its place, and the contract is not produced", async () => {
    const tree = await compileTree({
      "src/a.yaml": UNUSED.replace(
        "required: [name]\n",
        "required: [name]\nproperties:\n  license: { $ref: '#/$defs/license' }\n",
      ).replace("properties:\n  name", "  name"),
    });
    expect(tree.failed).toEqual(["a"]);
    expect(tree.produced).toEqual([]);
    expect(of(tree.diagnostics, "CH309")).toEqual([]);
    const [error, ...more] = of(tree.diagnostics, "CH207");
    expect(more).toEqual([]);
    expect(error).toMatchObject({
      severity: "error",
      file: path.join(tree.dir, "src", "a.yaml"),
      line: 10,
      column: 15,
    });
    expect(error!.message).toBe('$ref "licenses.yaml" names a file that does not exist in the source tree');
    // Its own error explains it: no CH402 for a contract's own document.
    expect(of(tree.diagnostics, "CH402")).toEqual([]);
  });

  it("fails only the contract that reaches it through another document; the others that embed it are produced", async () => {
    const tree = await compileTree({
      "src/shared.yaml":
        "$defs:\n  name: { type: string }\n  license: { anyOf: [{ $ref: 'licenses.yaml#/$defs/osi' }, { type: string }] }\n",
      "src/a.yaml": "type: object\nproperties:\n  name: { $ref: 'shared.yaml#/$defs/name' }\n",
      "src/b.yaml": "type: object\nproperties:\n  license: { $ref: 'shared.yaml#/$defs/license' }\n",
    });
    expect(tree.produced).toEqual(["a", "shared"]);
    expect(tree.failed).toEqual(["b"]);
    expect(of(tree.diagnostics, "CH309")).toEqual([]);
    const site = of(tree.diagnostics, "CH207");
    expect(site).toHaveLength(1);
    expect(site[0]).toMatchObject({
      severity: "error",
      file: path.join(tree.dir, "src", "shared.yaml"),
      line: 3,
      column: 30,
    });
    expect(site[0]!.message).toMatch(/; evaluation from the root of b reaches it$/);
    const dependency = of(tree.diagnostics, "CH402");
    expect(dependency).toHaveLength(1);
    expect(dependency[0]).toMatchObject({ file: path.join(tree.dir, "src", "b.yaml"), line: 1, column: 1 });
    expect(dependency[0]!.message).toBe(
      'contract "b" is not produced: evaluation from its root reaches $ref "licenses.yaml#/$defs/osi" at shared.yaml:3:30, which names nothing',
    );
    // shared's own validator: its license definition reaches the reference and is not exported.
    expect(tree.files.get("validators/shared.js")).not.toMatch(/validateLicense/);
    expect(tree.files.get("validators/shared.js")).toMatch(/export const validateName\b/);
  });

  it("withholds the validator of a definition that reaches it from another document, and keeps the rest", async () => {
    const tree = await compileTree({
      "src/shared.yaml": "$defs:\n  license: { $ref: 'licenses.yaml' }\n",
      "src/c.yaml": "type: string\n$defs:\n  lic: { $ref: 'shared.yaml#/$defs/license' }\n  other: { type: integer }\n",
    });
    expect(tree.produced).toEqual(["c", "shared"]);
    const [warning] = of(tree.diagnostics, "CH309");
    expect(warning!.message).toMatch(
      /; c#\/\$defs\/lic and shared#\/\$defs\/license reach it, so they get no validator export, and their types have unknown there$/,
    );
    const module = tree.files.get("validators/c.js")!;
    expect(module).toMatch(/export const validateOther\b/);
    expect(module).not.toMatch(/validateLic\b/);
  });

  it("counts what a $dynamicRef could name in the contract's documents, not only its static target", async () => {
    const tree = await compileTree({
      "src/tree.yaml":
        "$dynamicAnchor: node\ntype: object\nproperties:\n  children: { type: array, items: { $dynamicRef: '#node' } }\n",
      // Evaluated from ext's root, tree's $dynamicRef can name ext's own `node` anchor, which reaches the missing file.
      "src/ext.yaml": "$ref: tree.yaml\n$defs:\n  leaf:\n    $dynamicAnchor: node\n    $ref: missing.yaml\n",
    });
    expect(tree.produced).toEqual(["tree"]);
    expect(tree.failed).toEqual(["ext"]);
    expect(of(tree.diagnostics, "CH207")[0]).toMatchObject({ severity: "error", line: 5, column: 11 });
  });
});
