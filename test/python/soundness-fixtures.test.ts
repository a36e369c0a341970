import path from "node:path";
import { describe, expect, it } from "vitest";
import { compile } from "../../src/pipeline/compile.js";
import { DEFAULT_VALIDATION } from "../../src/settings/validation.js";
import { writeJudgedTree } from "../../scripts/bench-python/corpus-tree.js";
import { verdictsOf, type Case } from "../../scripts/bench-python/verdicts.js";
import { tempTree } from "../helpers/temp-tree.js";
import { pythonWithPydantic } from "./python-env.js";
import { FIXTURES } from "./soundness-fixtures.js";

const found = pythonWithPydantic();

/**
 * The cases the SchemaStore corpus found where a Python model or helper said something other
 * than the contract (scripts/bench-python): each fixture's valid instances must pass the bare
 * model, and the helper must give the committed validator's verdict on every instance.
 */
describe.skipIf("missing" in found)(
  `Python models on the corpus's hard cases ${"missing" in found ? found.missing : ""}`,
  () => {
    it("accepts every valid instance and agrees with the validator", async () => {
      const sources = tempTree(
        Object.fromEntries(FIXTURES.map((f) => [`${f.name}.json`, JSON.stringify(f.schema, null, 2)])),
      );
      const result = await compile({
        sourceDir: sources,
        outDir: path.join(sources, "out"),
        baseUri: "https://fixtures.test/",
        catalog: [],
        typeCheck: false,
        python: { package: "fixtures" },
        // Formats asserted, as the corpus asserts them: the helper must check them as the validator does.
        validation: { defaults: { ...DEFAULT_VALIDATION.defaults, formats: "assert" }, contracts: new Map() },
      });
      expect(result.failed).toEqual([]);
      const out = tempTree();
      writeJudgedTree(result.files, out, "fixtures");
      const cases: Case[] = FIXTURES.flatMap((f) => [
        ...f.valid.map((value, i) => ({ contract: f.name, source: `valid ${i + 1}`, value })),
        ...f.invalid.map((value, i) => ({ contract: f.name, source: `invalid ${i + 1}`, value })),
      ]);
      const { verdicts, withoutModule } = await verdictsOf(
        out,
        "fixtures",
        (found as { python: string }).python,
        cases,
      );
      expect(withoutModule).toBe(0);
      // The fixtures say what the validator says, so each can fail.
      expect(verdicts.map((v) => `${v.contract} ${v.source} ${v.ajv}`)).toEqual(
        cases.map((c) => `${c.contract} ${c.source} ${c.source.startsWith("valid")}`),
      );
      expect(
        verdicts.filter((v) => v.helper !== v.ajv).map((v) => `${v.contract} ${v.source}: ${v.helperError}`),
      ).toEqual([]);
      expect(
        verdicts.filter((v) => v.ajv && !v.model).map((v) => `${v.contract} ${v.source}: ${v.modelError}`),
      ).toEqual([]);
    }, 120_000);
  },
);
