import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { fixtureSchema, fixtureTypes } from "./fixture-types.js";
import { typedLiterals } from "./typed-literals.js";

describe("literal-pattern-properties: keys a pattern spells out", () => {
  it("types each key as the pattern's schema, and keeps every other key of an open object open", async () => {
    const types = await fixtureTypes("literal-pattern-properties");
    const validate = new Ajv({ strict: false }).compile(fixtureSchema("literal-pattern-properties"));
    const cases: [unknown, boolean][] = [
      [{ ElmahIo: { ApiKey: "k", LogId: "l" }, cdn: { url: "u" }, Other: 3 }, true],
      [{ elmahIo: { ApiKey: "k", LogId: "l" }, ELMAHIO: "anything" }, true],
      [{ ElmahIo: { ApiKey: "k" } }, false],
      [{ elmahIo: { ApiKey: "k", LogId: "l", LogID: "typo" } }, false],
      [{ Cdn: { url: 3 } }, false],
    ];
    expect(cases.map(([value]) => validate(value))).toEqual(cases.map(([, valid]) => valid));
    const verdicts = typedLiterals(
      { "types.ts": types },
      "types.js",
      cases.map(([value]) => ({ type: "Fixture", value })),
    );
    expect(verdicts).toEqual(cases.map(([, valid]) => valid));
    const metadata: [unknown, boolean][] = [
      [{ name: "n", "x-team": { any: "thing" } }, true],
      [{ name: "n", nmae: "typo" }, false],
    ];
    const validateMetadata = new Ajv({ strict: false }).compile({
      ...fixtureSchema("literal-pattern-properties"),
      $ref: "#/definitions/metadata",
    });
    expect(metadata.map(([value]) => validateMetadata(value))).toEqual([true, false]);
    expect(
      typedLiterals(
        { "types.ts": types },
        "types.js",
        metadata.map(([value]) => ({ type: "Metadata", value })),
      ),
    ).toEqual([true, false]);
  }, 30_000);
});
