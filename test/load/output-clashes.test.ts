import { describe, expect, it } from "vitest";
import { namesTooLong, outputClashes } from "../../src/compiler/load/output-clashes.js";
import { moduleStem } from "../../src/targets/shared/output-files.js";

const sources = (...paths: string[]) =>
  paths.map((relativePath) => ({ relativePath, name: relativePath.replace(/\.[^.]+$/, "") }));

describe("outputs that meet where letter case is ignored", () => {
  it("finds names that differ by case or by Unicode normalisation, and folders spelt two ways", () => {
    const clashes = outputClashes(
      sources(
        "Foo.yaml",
        "foo.json",
        "caf\u00e9.yaml",
        "cafe\u0301.json",
        "A/x.yaml",
        "a/y.yaml",
        "b/x.yaml",
        "b/y.yaml",
      ),
      moduleStem,
    );
    expect([...clashes.keys()].sort()).toEqual(
      ["A/x.yaml", "Foo.yaml", "a/y.yaml", "caf\u00e9.yaml", "cafe\u0301.json", "foo.json"].sort(),
    );
  });

  it("compares the paths the modules get, not the names alone", () => {
    expect([...outputClashes(sources("Index.contract.yaml", "index.yaml"), moduleStem).keys()].sort()).toEqual([
      "Index.contract.yaml",
      "index.yaml",
    ]);
    expect(outputClashes(sources("index.yaml", "x/Index.yaml"), moduleStem).size).toBe(0);
  });

  it("says which of the two the names differ by: letter case, or Unicode normalisation", () => {
    const clashes = outputClashes(sources("Foo.yaml", "foo.json", "caf\u00e9.yaml", "cafe\u0301.json"), moduleStem);
    expect(clashes.get("Foo.yaml")).toContain("only by letter case");
    expect(clashes.get("caf\u00e9.yaml")).toContain(
      "only by Unicode normalisation (one letter written precomposed, the other as a letter and a combining mark)",
    );
  });
});

describe("names too long for their outputs", () => {
  it("refuses a name whose longest output file name passes 255 bytes, counting bytes, not letters", () => {
    const fits = "a".repeat(255 - ".schema.json".length);
    const long = fits + "b";
    // é is two bytes in UTF-8: half as many letters fill the name.
    const accented = "\u00e9".repeat(121);
    const found = namesTooLong(sources(`${fits}.yaml`, `x/${long}.yaml`, `${accented}.yaml`), moduleStem);
    expect([...found.keys()]).toEqual([`x/${long}.yaml`]);
    expect(found.get(`x/${long}.yaml`)).toBe(
      "the name is too long for its outputs: schema.json after it makes a file name of 256 bytes, more than the 255 a file system allows; shorten it by 1 byte",
    );
    expect(namesTooLong(sources(`${"\u00e9".repeat(122)}.yaml`), moduleStem).size).toBe(1);
  });
});
