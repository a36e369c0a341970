import { describe, expect, it } from "vitest";
import { mostSpecific, overlay } from "../../src/settings/most-specific.js";

describe("mostSpecific", () => {
  it("lists the folders from the outside in, then the contract itself, whatever the map's order", () => {
    const entries = new Map([
      ["vendor/old/x", "own"],
      ["vendor/old/", "inner"],
      ["other/", "unrelated"],
      ["vendor/", "outer"],
    ]);
    expect(mostSpecific("vendor/old/x", entries)).toEqual(["outer", "inner", "own"]);
    expect(mostSpecific("vendor/old/y", entries)).toEqual(["outer", "inner"]);
    expect(mostSpecific("vendor/new/x", entries)).toEqual(["outer"]);
    expect(mostSpecific("elsewhere", entries)).toEqual([]);
  });

  it("lets a contract's own key beat its folder", () => {
    const entries = new Map([
      ["a/x", "own"],
      ["a/", "folder"],
    ]);
    expect(mostSpecific("a/x", entries).at(-1)).toBe("own");
    expect(mostSpecific("a/y", entries).at(-1)).toBe("folder");
  });

  it("matches a folder only as a whole path segment", () => {
    const entries = new Map([
      ["a/", "folder a"],
      ["a", "contract a"],
      ["ab/", "folder ab"],
    ]);
    expect(mostSpecific("ab/x", entries)).toEqual(["folder ab"]);
    expect(mostSpecific("a/x", entries)).toEqual(["folder a"]);
    expect(mostSpecific("a", entries)).toEqual(["contract a"]);
  });
});

describe("overlay", () => {
  it("takes each key from the most specific layer that sets it", () => {
    const layers = mostSpecific(
      "a/b/x",
      new Map<string, { dialect?: string; ids?: string }>([
        ["a/b/x", { ids: "own" }],
        ["a/", { dialect: "outer", ids: "outer" }],
        ["a/b/", { dialect: "inner" }],
      ]),
    );
    expect(overlay({}, layers)).toEqual({ dialect: "inner", ids: "own" });
  });

  it("does not let a key set to undefined hide an outer folder's value or the base", () => {
    const layers = mostSpecific(
      "a/b/x",
      new Map<string, { dialect?: string | undefined; ids?: string | undefined }>([
        ["a/", { dialect: "outer", ids: "outer" }],
        ["a/b/", { dialect: undefined }],
        ["a/b/x", { ids: undefined }],
      ]),
    );
    const merged = overlay({ dialect: "default", ids: "default", other: "base" }, layers);
    expect(merged).toEqual({ dialect: "outer", ids: "outer", other: "base" });
    expect(overlay({ dialect: "default" }, [{ dialect: undefined }])).toEqual({ dialect: "default" });
  });
});
