import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { keywordVerdicts, pyrightErrors, type KeywordFixture } from "./keyword-fixtures.js";
import { pythonWithPydantic } from "./python-env.js";

const found = pythonWithPydantic();
const DIALECT = "$schema: https://json-schema.org/draft/2020-12/schema";

// Two contracts whose types name each other's: each module imports the other.
const FIXTURES: KeywordFixture[] = [
  {
    contract: "person",
    source: [
      DIALECT,
      "type: object",
      "required: [name]",
      "properties:",
      "  name: { type: string }",
      "  employer: { $ref: company.yaml }",
      "  tags: { $ref: company.yaml#/$defs/tags }",
      "$defs:",
      "  handle: { type: string, minLength: 2 }",
      "",
    ].join("\n"),
    instances: [
      { name: "a", employer: { title: "c", staff: [{ name: "b" }] } },
      { name: "a", tags: ["t"] },
      { name: 1 },
      { name: "a", employer: { staff: [{}] } },
      { name: "a", tags: [1] },
    ],
  },
  {
    contract: "company",
    source: [
      DIALECT,
      "type: object",
      "properties:",
      "  title: { type: string }",
      "  staff: { type: array, items: { $ref: person.yaml } }",
      "  handles: { type: array, items: { $ref: person.yaml#/$defs/handle } }",
      "$defs:",
      "  tags: { type: array, items: { type: string } }",
      "",
    ].join("\n"),
    instances: [
      { staff: [{ name: "a", employer: {} }], handles: ["ab"] },
      { staff: [{ name: 2 }] },
      { handles: ["a"] },
    ],
  },
];

describe.skipIf("missing" in found)(
  `contracts that import each other in the Python package ${"missing" in found ? found.missing : ""}`,
  () => {
    it("import in either order, type-check and agree with ajv", async () => {
      const { verdicts, packageDir } = await keywordVerdicts((found as { python: string }).python, FIXTURES);
      const show = (v: { contract: string; value: unknown }) => `${v.contract} ${JSON.stringify(v.value)}`;
      expect(verdicts.filter((v) => v.ajv && !v.model).map(show)).toEqual([]);
      expect(verdicts.filter((v) => v.helper !== v.ajv).map(show)).toEqual([]);
      // The classes of the other module are named; its aliases (Tags, Handle) are Any here, left to the schema.
      expect(verdicts.filter((v) => !v.model).map(show)).toEqual([
        'person {"name":1}',
        'person {"name":"a","employer":{"staff":[{}]}}',
        'company {"staff":[{"name":2}]}',
      ]);
      expect(verdicts.filter((v) => !v.ajv).length).toBe(5);
      expect(pyrightErrors(packageDir)).toEqual([]);
      // The judging above imported person first; company first must work as well.
      for (const order of ["company, fx.person", "person, fx.company"]) {
        const run = spawnSync(
          (found as { python: string }).python,
          ["-c", `import fx.${order}; fx.company.validate({"staff": [{"name": "a"}]})`],
          { encoding: "utf8", env: { ...process.env, PYTHONDONTWRITEBYTECODE: "1", PYTHONPATH: packageDir } },
        );
        expect(run.stderr).toBe("");
      }
      const person = readFileSync(path.join(packageDir, "fx", "person.py"), "utf8");
      expect(person).toContain(
        "# Imported after the classes: these modules import this one too.\nfrom .company import Company\n",
      );
      expect(person).toContain("    tags: Any = None");
    }, 120_000);
  },
);
