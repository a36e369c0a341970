import { describe, expect, it } from "vitest";
import { keywordVerdicts, pyrightErrors, type KeywordFixture } from "./keyword-fixtures.js";
import { pythonWithPydantic } from "./python-env.js";

const found = pythonWithPydantic();

const FIXTURES: KeywordFixture[] = [
  {
    contract: "card",
    source: [
      "$schema: https://json-schema.org/draft/2020-12/schema",
      "type: object",
      "properties:",
      "  name: { type: string }",
      "  credit_card: { type: string }",
      "  billing_address: { type: string }",
      "  x-id: { type: string }",
      "dependentRequired:",
      "  credit_card: [billing_address]",
      "  x-id: [name, billing_address]",
      "  nickname: [name]",
      "",
    ].join("\n"),
    instances: [
      {},
      { credit_card: "1" },
      { credit_card: "1", billing_address: "a" },
      { billing_address: "a" },
      { "x-id": "q" },
      { "x-id": "q", name: "n" },
      { "x-id": "q", name: "n", billing_address: "a" },
      { nickname: "z" },
      { nickname: "z", name: "n" },
      { other: 1, credit_card: "1" },
    ],
  },
  {
    // draft-07 says it with `dependencies`; its schema form is left to the schema.
    contract: "legacy",
    source: [
      "$schema: http://json-schema.org/draft-07/schema#",
      "type: object",
      "additionalProperties: false",
      "properties:",
      "  a: { type: integer }",
      "  b: { type: integer }",
      "  c: { type: integer }",
      "  d: { type: integer }",
      "dependencies:",
      "  a: [b]",
      "  c: { required: [d] }",
      "",
    ].join("\n"),
    instances: [{}, { a: 1 }, { a: 1, b: 2 }, { c: 1 }, { c: 1, d: 2 }, { b: 1 }],
  },
  {
    // `dependentRequired` is no draft-07 keyword: the validator does not assert it, so neither may the model.
    contract: "older",
    source: [
      "$schema: http://json-schema.org/draft-07/schema#",
      "type: object",
      "properties:",
      "  a: { type: integer }",
      "  b: { type: integer }",
      "dependentRequired:",
      "  a: [b]",
      "",
    ].join("\n"),
    instances: [{ a: 1 }, { a: 1, b: 2 }],
  },
];

describe.skipIf("missing" in found)(
  `dependentRequired in the Python models ${"missing" in found ? found.missing : ""}`,
  () => {
    it("is a model validator that agrees with ajv: rejects what it rejects, and no valid instance", async () => {
      const { verdicts, packageDir } = await keywordVerdicts((found as { python: string }).python, FIXTURES);
      const show = (v: { contract: string; value: unknown }) => `${v.contract} ${JSON.stringify(v.value)}`;
      expect(verdicts.filter((v) => v.ajv && !v.model).map(show)).toEqual([]);
      expect(verdicts.filter((v) => v.helper !== v.ajv).map(show)).toEqual([]);
      // The presence rules are the model's own: the bare model rejects every instance that breaks one.
      expect(verdicts.filter((v) => !v.ajv && v.model).map(show)).toEqual(['legacy {"c":1}']);
      expect(verdicts.filter((v) => !v.ajv).length).toBe(7);
      expect(verdicts.filter((v) => v.contract === "older").every((v) => v.ajv)).toBe(true);
      expect(pyrightErrors(packageDir)).toEqual([]);
    }, 120_000);
  },
);
