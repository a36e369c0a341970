import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { compile } from "../../src/compiler/compile.js";
import { REPAIRS } from "../../src/repairs/registry.js";
import { tempTree } from "../helpers/temp-tree.js";
import { typedLiterals } from "./typed-literals.js";

const FIXTURE = fileURLToPath(new URL("./fixtures/object-intersections/in.yaml", import.meta.url));

async function typesOf(repairs = REPAIRS) {
  const dir = tempTree({ "src/fixture.yaml": readFileSync(FIXTURE, "utf8") });
  const result = await compile({ sourceDir: path.join(dir, "src"), outDir: path.join(dir, "out"), baseUri: "https://fixtures.test/", catalog: [], repairs, typeCheck: false });
  return result.files.get("types/fixture.ts")!;
}

describe("object-intersections: unknown keys in an object that is one of several closed ones", () => {
  it("refuses an unknown key at any depth, as the schema does, and accepts what it accepts", async () => {
    const instances = [
      {},
      { queues: { batchSize: 1 } },
      { version: "2.0" },
      { queues: { batchSize: 1, bacthSize: 2 } },
      { queues: { batchSize: 1 }, extra: true },
      { version: "2.0", extra: true },
    ];
    const ajv = new Ajv({ strict: false });
    const validate = ajv.compile(parse(readFileSync(FIXTURE, "utf8")));
    const valid = instances.map((instance) => validate(instance) as boolean);
    expect(valid).toEqual([true, true, true, false, false, false]);
    const literals = instances.map((value) => ({ type: "Fixture", value }));
    expect(typedLiterals({ "types.ts": await typesOf() }, "types.js", literals)).toEqual(valid);
    // Without the repair, the index signature beside the union lets the nested misspelling through.
    const without = typedLiterals({ "types.ts": await typesOf(REPAIRS.filter((r) => r.id !== "object-intersections")) }, "types.js", literals);
    expect(without[3]).toBe(true);
  }, 30_000);

  it("leaves the index signature off an object's own members when every alternative closes the object", async () => {
    const instances = [{ version: "2.0" }, { queues: {} }, { version: "2.0", extra: true }, { queues: { batchSize: 1, bacthSize: 2 } }];
    const validate = new Ajv({ strict: false }).compile({ ...parse(readFileSync(FIXTURE, "utf8")), $ref: "#/definitions/versioned" });
    expect(instances.map((instance) => validate(instance))).toEqual([true, true, false, false]);
    const literals = instances.map((value) => ({ type: "Versioned", value }));
    expect(typedLiterals({ "types.ts": await typesOf() }, "types.js", literals)).toEqual([true, true, false, false]);
    const without = typedLiterals({ "types.ts": await typesOf(REPAIRS.filter((r) => r.id !== "object-intersections")) }, "types.js", literals);
    expect(without).toEqual([true, true, true, true]);
  }, 30_000);
});
