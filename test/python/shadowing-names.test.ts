import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { keywordVerdicts, pyrightErrors, type KeywordFixture } from "./keyword-fixtures.js";
import { pythonWithPydantic } from "./python-env.js";

const found = pythonWithPydantic();
const DIALECT = "$schema: https://json-schema.org/draft/2020-12/schema";

// Types named like what the modules import or use: each would shadow it in its module (or in one that imports it).
const FIXTURES: KeywordFixture[] = [
  {
    contract: "shapes",
    source: [
      DIALECT,
      "x-charter-name: BaseModel",
      "type: object",
      "required: [field]",
      "properties:",
      "  field: { $ref: '#/$defs/field' }",
      "  any: { $ref: '#/$defs/any' }",
      "  cost: { $ref: '#/$defs/cost' }",
      "$defs:",
      "  field:",
      "    x-charter-name: Field",
      "    type: object",
      "    properties: { size: { type: integer, minimum: 0 } }",
      "  any:",
      "    x-charter-name: Any",
      "    type: array",
      "    items: { type: string }",
      "  cost:",
      "    x-charter-name: Cost$",
      "    type: number",
      "",
    ].join("\n"),
    instances: [
      { field: { size: 1 }, any: ["a"], cost: 2 },
      { field: {}, any: [] },
      { field: { size: -1 } },
      { any: ["a"] },
      { field: {}, any: [1] },
    ],
  },
  {
    contract: "user",
    source: [
      DIALECT,
      "type: object",
      "properties:",
      "  field: { $ref: shapes.yaml#/$defs/field }",
      "  literal: { const: a }",
      "",
    ].join("\n"),
    instances: [{ field: { size: 2 }, literal: "a" }, { field: { size: "2" } }, { literal: "b" }],
  },
];

describe.skipIf("missing" in found)(
  `type names that shadow what the Python modules use ${"missing" in found ? found.missing : ""}`,
  () => {
    it("are renamed with a trailing _, and the modules import, type-check and agree with ajv", async () => {
      const { verdicts, packageDir } = await keywordVerdicts((found as { python: string }).python, FIXTURES);
      const show = (v: { contract: string; value: unknown }) => `${v.contract} ${JSON.stringify(v.value)}`;
      expect(verdicts.filter((v) => v.ajv && !v.model).map(show)).toEqual([]);
      expect(verdicts.filter((v) => v.helper !== v.ajv).map(show)).toEqual([]);
      expect(verdicts.filter((v) => !v.model).map(show)).toEqual(verdicts.filter((v) => !v.ajv).map(show));
      expect(verdicts.filter((v) => !v.ajv).length).toBe(5);
      expect(pyrightErrors(packageDir)).toEqual([]);
      const shapes = readFileSync(path.join(packageDir, "fx", "shapes.py"), "utf8");
      for (const line of [
        "class BaseModel_(BaseModel):",
        "class Field_(BaseModel):",
        "Any_: TypeAlias = list[str]",
        "Cost_: TypeAlias = StrictFloat",
        "def validate(instance: object) -> BaseModel_:",
      ])
        expect(shapes).toContain(line);
      expect(readFileSync(path.join(packageDir, "fx", "user.py"), "utf8")).toContain("from .shapes import Field_\n");
    }, 120_000);
  },
);
