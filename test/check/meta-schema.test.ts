import { DEFAULT_VALIDATION } from "../../src/settings/validation.js";
import { describe, expect, it } from "vitest";
import { compileTree } from "../helpers/compile-tree.js";

const STRICT = {
  compile: {
    validation: { defaults: { ...DEFAULT_VALIDATION.defaults, strictness: "strict" as const }, contracts: new Map() },
  },
};

const located = (
  diagnostics: {
    code: string;
    file?: string | undefined;
    line?: number | undefined;
    column?: number | undefined;
    message: string;
  }[],
) => diagnostics.map((d) => `${d.file?.split("/src/")[1]}:${d.line}:${d.column} ${d.code} ${d.message}`);

describe("sources against their dialect's meta-schema", () => {
  it("places each violation at the YAML node it concerns, once per place; errors when strict", async () => {
    const tree = await compileTree(
      {
        "src/a.yaml": "type: object\nrequired: id\nproperties:\n  a: { type: strin }\n  b: { minLength: -1 }\n",
        "src/old.yaml":
          "$schema: http://json-schema.org/draft-04/schema#\nproperties:\n  n: { type: number, exclusiveMaximum: 3 }\n",
        "src/seven.json":
          '{"$schema": "http://json-schema.org/draft-07/schema#", "items": [{"type": "string"}], "additionalItems": "no"}',
      },
      STRICT,
    );
    expect(located(tree.diagnostics)).toEqual([
      "a.yaml:2:11 CH304 /required must be array (2020-12 meta-schema, #/$defs/stringArray/type)",
      'a.yaml:4:14 CH304 /properties/a/type must be equal to one of the allowed values: "array", "boolean", "integer", "null", "number", "object", "string" (2020-12 meta-schema, #/$defs/simpleTypes/enum)',
      "a.yaml:5:19 CH304 /properties/b/minLength must be >= 0 (2020-12 meta-schema, #/$defs/nonNegativeIntegerDefault0/minimum)",
      "old.yaml:3:6 CH304 /properties/n must have property maximum when property exclusiveMaximum is present (draft-04 meta-schema, #/dependencies)",
      "old.yaml:3:40 CH304 /properties/n/exclusiveMaximum must be boolean (draft-04 meta-schema, #/properties/exclusiveMaximum/type)",
      "seven.json:1:106 CH304 /additionalItems must be object,boolean (draft-07 meta-schema, #/type)",
    ]);
    expect(tree.failed).toEqual(["a", "old", "seven"]);
  });

  it("warns when lenient (the default): real-world schemas break their meta-schemas in harmless ways", async () => {
    const tree = await compileTree({
      "src/d.yaml": "type: object\nproperties:\n  old: { type: string, deprecated: Use new }\n",
    });
    expect(tree.diagnostics.map((d) => [d.code, d.severity, d.line])).toEqual([["CH304", "warning", 3]]);
    expect(tree.failed).toEqual([]);
  });

  it("refuses x-charter-* keywords charter does not know, at the key", async () => {
    const tree = await compileTree({
      "src/b.yaml": "type: string\nx-charter-nmae: Foo\n$defs:\n  c: { type: number, x-charter-rule: { a: b } }\n",
    });
    expect(located(tree.diagnostics)).toEqual([
      "b.yaml:2:1 CH305 unknown charter keyword x-charter-nmae; charter knows x-charter-name, x-charter-rules, x-charter-counterexamples, x-charter-ignore, x-charter-version",
      "b.yaml:4:22 CH305 unknown charter keyword x-charter-rule; charter knows x-charter-name, x-charter-rules, x-charter-counterexamples, x-charter-ignore, x-charter-version",
    ]);
  });

  it("accepts what each dialect allows", async () => {
    const tree = await compileTree({
      "src/a.yaml":
        "type: object\nmarkdownDescription: x\nproperties:\n  t: { type: [string, 'null'], prefixItems: [{ type: string }] }\n",
      "src/old.yaml":
        "$schema: http://json-schema.org/draft-04/schema#\nproperties:\n  n: { type: number, maximum: 3, exclusiveMaximum: true }\n",
      "src/six.yaml": "$schema: http://json-schema.org/draft-06/schema#\nexamples: [1]\nexclusiveMinimum: 0\n",
    });
    expect(located(tree.diagnostics)).toEqual([]);
  });
});
