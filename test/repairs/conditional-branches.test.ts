import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { compile } from "../../src/compiler/compile.js";
import { tempTree } from "../helpers/temp-tree.js";
import { typedLiterals } from "./typed-literals.js";

const FIXTURE = fileURLToPath(new URL("./fixtures/conditional-branches/in.yaml", import.meta.url));

describe("conditional-branches: what either branch of an if/then/else refuses", () => {
  it("accepts every instance the schema accepts, and refuses those that fit neither branch", async () => {
    const dir = tempTree({ "src/fixture.yaml": readFileSync(FIXTURE, "utf8") });
    const result = await compile({ sourceDir: path.join(dir, "src"), outDir: path.join(dir, "out"), baseUri: "https://fixtures.test/", catalog: [], typeCheck: false });
    const types = result.files.get("types/fixture.ts")!;
    const validate = new Ajv({ strict: false }).compile(parse(readFileSync(FIXTURE, "utf8")));
    const cases: [unknown, boolean][] = [
      [{ modules: [{ name: "a" }, "more.json"] }, true],
      [{ modules: [{ nme: "a" }] }, false],
      [{ modules: [3] }, false],
      [{ command: { global: true, key: "Ctrl+Shift+1" } }, true],
      [{ command: { global: false, key: "Alt+K", description: "d" } }, true],
      [{ command: { global: true, bogus: 1 } }, false],
      [{ extra: { name: "a" } }, true],
      [{ extra: 5 }, true],
      [{ extra: { nme: "a" } }, false],
      [{ note: { author: "a", date: "d" } }, true],
    ];
    expect(cases.map(([value]) => validate(value))).toEqual(cases.map(([, valid]) => valid));
    const verdicts = typedLiterals({ "types.ts": types }, "types.js", cases.map(([value]) => ({ type: "Fixture", value })));
    // Every fault here is a member neither branch allows, or a kind neither branch accepts.
    expect(verdicts).toEqual(cases.map(([, valid]) => valid));
  }, 30_000);
});
