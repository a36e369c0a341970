import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { fixtureSchema, fixtureTypes } from "./fixture-types.js";
import { typedLiterals } from "./typed-literals.js";

describe("pattern-strings: what a pattern says of a string's start, or of all its values", () => {
  it("accepts every string the pattern matches, and refuses one that starts otherwise", async () => {
    const types = await fixtureTypes("pattern-strings");
    const validate = new Ajv({ strict: false, validateFormats: false }).compile(fixtureSchema("pattern-strings"));
    const cases: [unknown, boolean][] = [
      [
        {
          command: "command:commit",
          homepage: "https://example.org",
          replicas: "[parameters('n')]",
          newLine: "LF",
          template: "`${x}",
        },
        true,
      ],
      [{ replicas: 3, name: "abc", anywhere: "run command:x", either: "a-then-anything" }, true],
      [{ command: "commit" }, false],
      [{ homepage: "ftp://example.org" }, false],
      [{ replicas: "three" }, false],
      [{ newLine: "CR" }, false],
      [{ module: "CommonJS" }, true],
      [{ module: "nONe" }, true],
      [{ module: "common" }, false],
      [{ newLineAny: "CRLF" }, true],
      [{ newLineAny: null }, true],
      [{ newLineAny: "cr" }, false],
    ];
    expect(cases.map(([value]) => validate(value))).toEqual(cases.map(([, valid]) => valid));
    expect(
      typedLiterals(
        { "types.ts": types },
        "types.js",
        cases.map(([value]) => ({ type: "Fixture", value })),
      ),
    ).toEqual(cases.map(([, valid]) => valid));
  }, 30_000);
});
