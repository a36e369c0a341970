import { describe, expect, it } from "vitest";
import { outputClashes } from "../../src/compiler/load/output-clashes.js";
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
});
