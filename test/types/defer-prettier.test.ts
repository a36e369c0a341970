import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { types } from "node:util";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import "../../src/targets/types/defer-prettier.js";
import { spawnCli } from "../helpers/spawn-cli.js";
import { tempTree } from "../helpers/temp-tree.js";

const fromGenerator = createRequire(createRequire(import.meta.url).resolve("json-schema-to-typescript"));
const entry = fromGenerator.resolve("prettier");
const RECORDER = fileURLToPath(new URL("../helpers/record-modules.mjs", import.meta.url));

describe("prettier's Node entry, which json-schema-to-typescript requires for a formatter charter turns off", () => {
  it("is a stand-in until a member is read, then the entry itself", async () => {
    expect(types.isProxy(fromGenerator.cache[entry]!.exports)).toBe(true);
    const prettier = fromGenerator("prettier") as typeof import("prettier");
    expect("format" in prettier).toBe(true);
    expect(await prettier.format("let  a=1", { parser: "babel" })).toBe("let a = 1;\n");
    expect(types.isProxy(fromGenerator.cache[entry]!.exports)).toBe(false);
  });

  it("is never loaded by a run that makes types", () => {
    const dir = tempTree({ "schema-src/order.yaml": "type: object\nproperties:\n  id: {type: string}\n" });
    const record = path.join(dir, ".modules.txt");
    const run = spawnCli(["generate", "--no-cache", "--jobs", "1"], {
      cwd: dir,
      preload: [RECORDER],
      env: { CHARTER_RECORD_MODULES: record },
    });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const loaded = readFileSync(record, "utf8").split("\n");
    // The generator and prettier's standalone printer were loaded; prettier's Node entry was not.
    expect(loaded.some((url) => url.includes("/json-schema-to-typescript/"))).toBe(true);
    expect(loaded.some((url) => url.includes("/prettier/standalone."))).toBe(true);
    expect(loaded.filter((url) => /\/prettier\/index\.(c|m)?js$/.test(url))).toEqual([]);
  });
});
