import path from "node:path";
import { describe, expect, it } from "vitest";
import { compileTree } from "../helpers/compile-tree.js";

const META = JSON.stringify({
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: "https://meta.example.test/no-validation.json",
  $vocabulary: {
    "https://json-schema.org/draft/2020-12/vocab/core": true,
    "https://json-schema.org/draft/2020-12/vocab/applicator": true,
  },
});

describe("a $schema naming a custom meta-schema", () => {
  it("reads the schema in the dialect the meta-schema builds on, found through the catalog (test suite vocabulary.json)", async () => {
    const tree = await compileTree(
      {
        "src/a.yaml": "$schema: https://meta.example.test/no-validation.json\nproperties:\n  bad: false\n",
        "meta/no-validation.json": META,
      },
      { catalog: (dir) => [{ prefix: "https://meta.example.test/", dir: path.join(dir, "meta") }] },
    );
    expect(tree.diagnostics).toEqual([]);
    // The bundle declares the dialect itself, so a consumer needs no custom meta-schema.
    expect(tree.schema("a")["$schema"]).toBe("https://json-schema.org/draft/2020-12/schema");
  });

  it("follows a chain of meta-schemas, one of them a source found by its $id", async () => {
    const tree = await compileTree({
      "src/a.yaml": "$schema: https://meta.example.test/strict.json\ntype: string\n",
      "src/meta/strict.yaml":
        "$schema: https://meta.example.test/no-validation.json\n$id: https://meta.example.test/strict.json\n",
      "src/meta/base.json": META,
    });
    expect(tree.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(tree.produced).toContain("a");
  });

  it("is CH201 when the chain reaches no dialect charter knows, and charter fetches nothing", async () => {
    const tree = await compileTree({
      "src/a.yaml": "$schema: https://meta.example.test/elsewhere.json\ntype: string\n",
    });
    expect(tree.diagnostics.map((d) => `${path.basename(d.file!)}:${d.line}:${d.column} ${d.code}`)).toEqual([
      "a.yaml:1:10 CH201",
    ]);
  });
});
