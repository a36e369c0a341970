/**
 * A custom meta-schema's `$vocabulary`, as the resolve stage reads it: a
 * required vocabulary charter does not know is an error at the `$schema` of
 * each schema that names the meta-schema (CH212); an unknown optional one is
 * ignored; a meta-schema without `$vocabulary` means its dialect's own.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compileTree } from "../helpers/compile-tree.js";
import { runCli } from "../helpers/run-cli.js";
import { tempTree } from "../helpers/temp-tree.js";

const V2020 = "https://json-schema.org/draft/2020-12/vocab/";
const V2019 = "https://json-schema.org/draft/2019-09/vocab/";

/** A meta-schema of `dialect` (2020-12 unless said) whose `$vocabulary` is `vocabularies`. */
function metaSchema(
  id: string,
  vocabularies: Record<string, boolean> | undefined,
  dialect = "https://json-schema.org/draft/2020-12/schema",
): string {
  return (
    JSON.stringify({ $schema: dialect, $id: id, ...(vocabularies ? { $vocabulary: vocabularies } : {}) }, null, 2) +
    "\n"
  );
}

const UNITS = "https://meta.example.test/vocab/units";
const catalog = (dir: string) => [{ prefix: "https://meta.example.test/", dir: path.join(dir, "meta") }];
const located = (tree: {
  diagnostics: { file?: string; line?: number; column?: number; code: string; severity: string }[];
}) =>
  tree.diagnostics.map(
    (d) => `${d.file === undefined ? "" : path.basename(d.file)}:${d.line}:${d.column} ${d.severity} ${d.code}`,
  );

describe("a custom meta-schema's $vocabulary", () => {
  it("is CH212 at the $schema of the schema that uses it when it requires a vocabulary charter does not know, naming both", async () => {
    const tree = await compileTree(
      {
        "src/pet.yaml": "title: Pet\n$schema: https://meta.example.test/units.json\ntype: number\n",
        "meta/units.json": metaSchema("https://meta.example.test/units.json", {
          [`${V2020}core`]: true,
          [`${V2020}validation`]: true,
          [UNITS]: true,
        }),
      },
      { catalog },
    );
    expect(located(tree)).toEqual(["pet.yaml:2:10 error CH212"]);
    expect(tree.diagnostics[0]!.message).toContain("https://meta.example.test/units.json");
    expect(tree.diagnostics[0]!.message).toContain(UNITS);
    expect(tree.diagnostics[0]!.pointer).toBe("/$schema");
    expect(tree.produced).not.toContain("pet");
  });

  it("finds the meta-schema among the sources by its $id, and reports at each schema that names it", async () => {
    const tree = await compileTree({
      "src/meta/units.yaml": `$schema: https://json-schema.org/draft/2020-12/schema\n$id: https://meta.example.test/units.json\n$vocabulary:\n  ${V2020}core: true\n  ${UNITS}: true\n`,
      "src/a.yaml": "$schema: https://meta.example.test/units.json\ntype: number\n",
      "src/b.yaml": "type: object\n$schema: https://meta.example.test/units.json\n",
    });
    expect(located(tree).filter((d) => d.includes(" error "))).toEqual([
      "a.yaml:1:10 error CH212",
      "b.yaml:2:10 error CH212",
    ]);
    // The meta-schema is a schema of the standard dialect itself, and compiles.
    expect(tree.produced).toEqual(["meta/units"]);
  });

  it("fails `charter generate` with the located error and exit status 1", async () => {
    const dir = tempTree({
      "charter.config.yaml": "catalog:\n  https://meta.example.test/: meta\n",
      "schema-src/pet.yaml": "$schema: https://meta.example.test/units.json\ntype: number\n",
      "meta/units.json": metaSchema("https://meta.example.test/units.json", { [`${V2020}core`]: true, [UNITS]: true }),
    });
    const run = await runCli(["generate"], dir);
    expect(run.code).toBe(1);
    expect(run.stderr + run.stdout).toMatch(
      /schema-src\/pet\.yaml:1:10: error CH212 \$schema https:\/\/meta\.example\.test\/units\.json requires the vocabulary "https:\/\/meta\.example\.test\/vocab\/units"/,
    );
  });

  it("ignores a vocabulary charter does not know when it is optional (test suite vocabulary.json#1)", async () => {
    const tree = await compileTree(
      {
        "src/pet.yaml": "$schema: https://meta.example.test/optional.json\ntype: number\n",
        "meta/optional.json": metaSchema("https://meta.example.test/optional.json", {
          [`${V2020}validation`]: true,
          [`${V2020}core`]: true,
          [UNITS]: false,
        }),
      },
      { catalog },
    );
    expect(tree.diagnostics).toEqual([]);
    expect(tree.schema("pet")).toMatchObject({ type: "number" });
  });

  it("requires the vocabularies of the dialect the meta-schema builds on: a 2019-09 one under 2020-12 is unknown", async () => {
    const tree = await compileTree(
      {
        "src/pet.yaml": "$schema: https://meta.example.test/mixed.json\ntype: number\n",
        "meta/mixed.json": metaSchema("https://meta.example.test/mixed.json", {
          [`${V2020}core`]: true,
          [`${V2019}validation`]: true,
        }),
      },
      { catalog },
    );
    expect(located(tree)).toEqual(["pet.yaml:1:10 error CH212"]);
    expect(tree.diagnostics[0]!.message).toContain(`${V2019}validation`);
    expect(tree.diagnostics[0]!.message).toContain("2020-12");
  });

  it("knows the 2019-09 vocabularies under a 2019-09 meta-schema, and the 2020-12 ones' names are not among them", async () => {
    const known = await compileTree(
      {
        "src/pet.yaml": "$schema: https://meta.example.test/v2019.json\ntype: number\n",
        "meta/v2019.json": metaSchema(
          "https://meta.example.test/v2019.json",
          Object.fromEntries(
            ["core", "applicator", "validation", "meta-data", "format", "content"].map((name) => [
              `${V2019}${name}`,
              true,
            ]),
          ),
          "https://json-schema.org/draft/2019-09/schema",
        ),
      },
      { catalog },
    );
    expect(known.diagnostics).toEqual([]);
    const unknown = await compileTree(
      {
        "src/pet.yaml": "$schema: https://meta.example.test/v2019.json\ntype: number\n",
        "meta/v2019.json": metaSchema(
          "https://meta.example.test/v2019.json",
          { [`${V2019}core`]: true, [`${V2019}unevaluated`]: true },
          "https://json-schema.org/draft/2019-09/schema",
        ),
      },
      { catalog },
    );
    expect(located(unknown)).toEqual(["pet.yaml:1:10 error CH212"]);
  });

  it("means the dialect's own vocabularies when the meta-schema declares no $vocabulary, even if one further up the chain does", async () => {
    const tree = await compileTree({
      "src/a.yaml": "$schema: https://meta.example.test/strict.json\ntype: string\n",
      "src/meta/strict.yaml":
        "$schema: https://meta.example.test/no-validation.json\n$id: https://meta.example.test/strict.json\n",
      "src/meta/base.json": metaSchema("https://meta.example.test/no-validation.json", {
        [`${V2020}core`]: true,
        [`${V2020}applicator`]: true,
      }),
    });
    expect(tree.diagnostics.filter((d) => d.code.startsWith("CH21"))).toEqual([]);
    expect(tree.schema("a")).toMatchObject({ type: "string" });
  });

  it("leaves $vocabulary alone in a meta-schema built on draft-07, which has no vocabularies", async () => {
    const tree = await compileTree(
      {
        "src/pet.yaml": "$schema: https://meta.example.test/seven.json\ntype: number\n",
        "meta/seven.json": metaSchema(
          "https://meta.example.test/seven.json",
          { [UNITS]: true },
          "http://json-schema.org/draft-07/schema#",
        ),
      },
      { catalog },
    );
    expect(tree.diagnostics).toEqual([]);
    expect(tree.schema("pet")).toMatchObject({ type: "number" });
  });
});
