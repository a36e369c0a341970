import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { compile } from "../../src/pipeline/compile.js";
import { tempTree } from "../helpers/temp-tree.js";
import { combinations, typedLiterals } from "./typed-literals.js";

const FIXTURE = fileURLToPath(new URL("./fixtures/discriminated-alternatives/in.yaml", import.meta.url));

describe("discriminated-alternatives: soundness and precision over every combination of members", () => {
  it("accepts every instance the schema accepts, and refuses each whose only fault is a member its branch requires or forbids, or an unknown key", async () => {
    const dir = tempTree({ "src/fixture.yaml": readFileSync(FIXTURE, "utf8") });
    const result = await compile({
      sourceDir: path.join(dir, "src"),
      outDir: path.join(dir, "out"),
      baseUri: "https://fixtures.test/",
      catalog: [],
      typeCheck: false,
    });
    const types = result.files.get("types/fixture.ts")!;
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema({ ...parse(readFileSync(FIXTURE, "utf8")), $id: "https://fixtures.test/fixture" });
    const cases = [
      {
        type: "Fixture",
        pointer: "",
        instances: combinations({
          shape: [undefined, "circle", "square", "diamond"],
          radius: [undefined, 1],
          side: [undefined, 2],
          label: [undefined, "l"],
          extra: [undefined, true],
        }),
      },
      {
        type: "Overlapping",
        pointer: "/$defs/overlapping",
        instances: combinations({ kind: [undefined, "x", "y", "z"], a: [undefined, "a"], extra: [undefined, true] }),
      },
      {
        type: "Step",
        pointer: "/$defs/step",
        instances: combinations({
          name: [undefined, "n"],
          uses: [undefined, "u"],
          run: [undefined, "r"],
          extra: [undefined, true],
        }),
      },
      {
        type: "Mapping",
        pointer: "/$defs/mapping",
        instances: combinations({
          controller: [undefined, "c"],
          filter: [undefined, "f"],
          order: [undefined, 1],
          extra: [undefined, true],
        }),
      },
    ];
    for (const { type, pointer, instances } of cases) {
      const validate = ajv.getSchema(`https://fixtures.test/fixture#${pointer}`)!;
      const verdicts = typedLiterals(
        { "types.ts": types },
        "types.js",
        instances.map((value) => ({ type, value })),
      );
      const valid = instances.map((instance) => validate(instance) as boolean);
      expect(
        instances.filter((_, i) => valid[i] && !verdicts[i]),
        `${type}: valid instances the type refuses`,
      ).toEqual([]);
      if (type === "Fixture") {
        // Every fault here is one a type can state: a member missing, forbidden or unknown, or a discriminator left out.
        expect(
          instances.filter((_, i) => !valid[i] && verdicts[i]),
          `${type}: invalid instances the type accepts`,
        ).toEqual([]);
      } else if (type === "Step" || type === "Mapping") {
        // An unknown key, or neither member: refused. Both members (a oneOf matched twice) is left to the validator.
        const both = (instance: Record<string, unknown>) =>
          ("uses" in instance && "run" in instance) || ("controller" in instance && "filter" in instance);
        const loose = instances.filter((instance, i) => !valid[i] && verdicts[i] && !both(instance));
        expect(loose, `${type}: invalid instances the type accepts`).toEqual([]);
      } else {
        // Not discriminated (y is in both branches), and open: only the member the first branch requires is stated.
        expect(
          verdicts[instances.findIndex((i) => i["kind"] === "x" && i["a"] === undefined && i["extra"] === undefined)],
        ).toBe(false);
      }
    }
  });
});
