import { describe, expect, it } from "vitest";
import { keywordVerdicts, pyrightErrors, type KeywordFixture } from "./keyword-fixtures.js";
import { pythonWithPydantic } from "./python-env.js";

const found = pythonWithPydantic();
const DIALECT = "$schema: https://json-schema.org/draft/2020-12/schema";

const FIXTURES: KeywordFixture[] = [
  {
    contract: "bag",
    source: [
      DIALECT,
      "type: object",
      "properties:",
      "  name: { type: string }",
      "  off: false",
      "additionalProperties: { type: integer, minimum: 0 }",
      "",
    ].join("\n"),
    instances: [
      { name: "a" },
      { name: "a", x: 1 },
      { x: 1.0 },
      { x: -1 },
      { x: "s" },
      { x: null },
      { off: 1 },
      { name: 3 },
    ],
  },
  {
    contract: "refd",
    source: [
      DIALECT,
      "type: object",
      "properties:",
      "  version: { type: string }",
      "additionalProperties: { $ref: '#/$defs/item' }",
      "$defs:",
      "  item:",
      "    type: object",
      "    required: [id]",
      "    properties:",
      "      id: { type: string }",
      "",
    ].join("\n"),
    instances: [{ version: "1", a: { id: "x" } }, { a: { id: "x", more: true } }, { a: { id: 1 } }, { a: "x" }, {}],
  },
  {
    // A member matching a pattern is checked by patternProperties alone: no typed extras here.
    contract: "patterned",
    source: [
      DIALECT,
      "type: object",
      "properties:",
      "  name: { type: string }",
      "patternProperties:",
      "  '^x_': { type: integer }",
      "additionalProperties: { type: string }",
      "",
    ].join("\n"),
    instances: [{ x_1: 5 }, { other: "s" }, { other: 5 }],
  },
];

describe.skipIf("missing" in found)(
  `typed extras in the Python models ${"missing" in found ? found.missing : ""}`,
  () => {
    it("type the members beside properties by additionalProperties, agreeing with ajv", async () => {
      const { verdicts, packageDir } = await keywordVerdicts((found as { python: string }).python, FIXTURES);
      const show = (v: { contract: string; value: unknown }) => `${v.contract} ${JSON.stringify(v.value)}`;
      expect(verdicts.filter((v) => v.ajv && !v.model).map(show)).toEqual([]);
      expect(verdicts.filter((v) => v.helper !== v.ajv).map(show)).toEqual([]);
      // The bare models now refuse extras of the wrong type; patternProperties leaves them to the schema.
      // `off: false` is no field, so an integer there passes as an extra: the schema refuses it.
      expect(verdicts.filter((v) => !v.ajv && v.model).map(show)).toEqual(['bag {"off":1}', 'patterned {"other":5}']);
      expect(verdicts.filter((v) => !v.ajv).length).toBe(8);
      expect(pyrightErrors(packageDir)).toEqual([]);
    }, 120_000);
  },
);
