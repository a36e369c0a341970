/**
 * A custom meta-schema that leaves a vocabulary out makes its keywords
 * annotations: the bundle, which declares the standard dialect, leaves them
 * out (CH213 says which), so the generated validator does not assert them.
 * A meta-schema that lists its dialect's own vocabularies changes nothing.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { bindContracts, type Registry } from "charter-runtime";
import { describe, expect, it } from "vitest";
import { compileTree } from "../helpers/compile-tree.js";
import { generateImportable } from "../helpers/generate-importable.js";

const V2020 = "https://json-schema.org/draft/2020-12/vocab/";
const V2019 = "https://json-schema.org/draft/2019-09/vocab/";
const ALL_2020 = ["core", "applicator", "unevaluated", "validation", "meta-data", "format-annotation", "content"];

function metaSchema(
  id: string,
  names: readonly string[],
  base: "2019-09" | "2020-12" = "2020-12",
  extra: Record<string, boolean> = {},
): string {
  const prefix = base === "2020-12" ? V2020 : V2019;
  const $vocabulary = { ...Object.fromEntries(names.map((name) => [`${prefix}${name}`, true])), ...extra };
  return (
    JSON.stringify({ $schema: `https://json-schema.org/draft/${base}/schema`, $id: id, $vocabulary }, null, 2) + "\n"
  );
}

/** The test suite's vocabulary.json#0, as a YAML source: a meta-schema without the validation vocabulary. */
const NO_VALIDATION_USER = `$schema: https://meta.example.test/no-validation.json
type: object
properties:
  badProperty: false
  numberProperty:
    minimum: 10
    format: email
`;

async function runtimeFor(files: Record<string, string>) {
  const generated = await generateImportable(files);
  const { registry } = (await import(pathToFileURL(path.join(generated.outDir, "validators/index.js")).href)) as {
    registry: Registry;
  };
  return { ...generated, runtime: bindContracts(registry, { skipRules: true }) };
}

const located = (
  diagnostics: readonly { file?: string; line?: number; column?: number; code: string; severity: string }[],
) =>
  diagnostics.map(
    (d) => `${d.file === undefined ? "" : path.basename(d.file)}:${d.line}:${d.column} ${d.severity} ${d.code}`,
  );

describe("keywords of a vocabulary the meta-schema leaves out", () => {
  it("are not asserted by the generated validator, while the applicator's still are, with one warning at $schema", async () => {
    const { result, runtime } = await runtimeFor({
      "src/user.yaml": NO_VALIDATION_USER,
      "src/meta/no-validation.json": metaSchema("https://meta.example.test/no-validation.json", ["core", "applicator"]),
    });
    const warnings = result.diagnostics.filter((d) => d.code === "CH213");
    expect(located(warnings)).toEqual(["user.yaml:1:10 warning CH213"]);
    expect(warnings[0]!.message).toBe(
      "$schema https://meta.example.test/no-validation.json leaves out the validation and format-annotation vocabularies: the bundle leaves out their keywords in this document (validation: minimum, type; format-annotation: format), which assert nothing here",
    );
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(await runtime.isValid("user", { numberProperty: 1 })).toBe(true);
    expect(await runtime.isValid("user", "not an object")).toBe(true);
    expect(await runtime.isValid("user", { badProperty: "there" })).toBe(false);
    const schema = JSON.parse(result.files.get("schemas/user.schema.json")!) as Record<string, unknown>;
    expect(schema).toEqual({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $id: "https://v.test/user.schema.json",
      properties: { badProperty: false, numberProperty: {} },
    });
  });

  it("leave with their subschemas when the applicator is left out, and keep annotations and $defs", async () => {
    const tree = await compileTree({
      "src/tag.yaml": `$schema: https://meta.example.test/flat.json
title: Tag
type: string
description: a tag
properties:
  inner: { $ref: "#/$defs/word" }
allOf:
  - minLength: 1
$defs:
  word: { type: string, maxLength: 3 }
`,
      "src/meta/flat.json": metaSchema("https://meta.example.test/flat.json", ["core", "validation", "meta-data"]),
    });
    expect(tree.diagnostics.filter((d) => d.code === "CH213").map((d) => d.message)).toEqual([
      "$schema https://meta.example.test/flat.json leaves out the applicator vocabulary: the bundle leaves out its keywords in this document (allOf, properties), which assert nothing here",
    ]);
    expect(tree.schema("tag")).toEqual({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $id: "https://contracts.example.test/tag.schema.json",
      title: "Tag",
      description: "a tag",
      type: "string",
      $defs: { word: { type: "string", maxLength: 3 } },
    });
  });

  it("are read in 2019-09 too, where unevaluated* belong to the applicator", async () => {
    const tree = await compileTree({
      "src/box.yaml":
        "$schema: https://meta.example.test/v2019.json\ntype: object\nunevaluatedProperties: false\nrequired: [a]\n",
      "src/meta/v2019.json": metaSchema("https://meta.example.test/v2019.json", ["core", "validation"], "2019-09"),
    });
    expect(tree.diagnostics.filter((d) => d.code === "CH213").map((d) => d.message)).toEqual([
      "$schema https://meta.example.test/v2019.json leaves out the applicator vocabulary: the bundle leaves out its keywords in this document (unevaluatedProperties), which assert nothing here",
    ]);
    expect(tree.schema("box")).toEqual({
      $schema: "https://json-schema.org/draft/2019-09/schema",
      $id: "https://contracts.example.test/box.schema.json",
      type: "object",
      required: ["a"],
    });
  });

  it("give no warning when the document uses none of them", async () => {
    const tree = await compileTree({
      "src/user.yaml": "$schema: https://meta.example.test/no-validation.json\nproperties:\n  bad: false\n",
      "src/meta/no-validation.json": metaSchema("https://meta.example.test/no-validation.json", ["core", "applicator"]),
    });
    expect(tree.diagnostics.filter((d) => d.code.startsWith("CH21"))).toEqual([]);
  });

  it("are left out of an embedded document by its own meta-schema, not by the contract's", async () => {
    const tree = await compileTree({
      "src/order.yaml": "type: object\nproperties:\n  count: { $ref: count.yaml }\nrequired: [count]\n",
      "src/count.yaml": "$schema: https://meta.example.test/no-validation.json\nminimum: 1\nnot: { const: 13 }\n",
      "src/meta/no-validation.json": metaSchema("https://meta.example.test/no-validation.json", ["core", "applicator"]),
    });
    const order = tree.schema("order") as { required: unknown; $defs: Record<string, Record<string, unknown>> };
    expect(order.required).toEqual(["count"]);
    expect(Object.values(order.$defs)).toEqual([{ $id: "https://contracts.example.test/count.schema.json", not: {} }]);
    // One warning for the document, whichever contracts embed it.
    expect(located(tree.diagnostics.filter((d) => d.code === "CH213"))).toEqual(["count.yaml:1:10 warning CH213"]);
  });
});

describe("a meta-schema that lists its dialect's own vocabularies", () => {
  const SOURCE =
    "type: object\nrequired: [id]\nproperties:\n  id: { type: string, format: uuid, minLength: 1, description: the id }\n  tags: { type: array, items: { type: string }, unevaluatedItems: false }\n";

  it("changes nothing in the bundle, the types or the validators, and is no finding", async () => {
    const plain = await compileTree({
      "src/item.yaml": `$schema: https://json-schema.org/draft/2020-12/schema\n${SOURCE}`,
    });
    const custom = await compileTree(
      {
        "src/item.yaml": `$schema: https://meta.example.test/full.json\n${SOURCE}`,
        "meta/full.json": metaSchema("https://meta.example.test/full.json", ALL_2020, "2020-12", {
          [`${V2020}format-assertion`]: false,
        }),
      },
      { catalog: (dir) => [{ prefix: "https://meta.example.test/", dir: path.join(dir, "meta") }] },
    );
    expect(custom.diagnostics.filter((d) => d.code !== "CH214")).toEqual(plain.diagnostics);
    for (const file of ["schemas/item.schema.json", "types/item.ts", "validators/item.js"])
      expect(custom.files.get(file), file).toBe(plain.files.get(file));
  });

  it("without format-assertion, is no finding at all", async () => {
    const custom = await compileTree(
      {
        "src/item.yaml": `$schema: https://meta.example.test/full.json\n${SOURCE}`,
        "meta/full.json": metaSchema("https://meta.example.test/full.json", ALL_2020),
      },
      { catalog: (dir) => [{ prefix: "https://meta.example.test/", dir: path.join(dir, "meta") }] },
    );
    expect(custom.diagnostics).toEqual([]);
  });
});

describe("the format-assertion vocabulary", () => {
  it("is CH214 at $schema when the document has a format: charter asserts formats per contract (validation.formats), not per document", async () => {
    const tree = await compileTree({
      "src/host.yaml": "$schema: https://meta.example.test/formats.json\ntype: string\nformat: ipv4\n",
      "src/meta/formats.json": metaSchema("https://meta.example.test/formats.json", [
        "core",
        "validation",
        "format-assertion",
      ]),
    });
    expect(located(tree.diagnostics.filter((d) => d.code.startsWith("CH21")))).toEqual([
      "host.yaml:1:10 warning CH214",
    ]);
    expect(tree.diagnostics.find((d) => d.code === "CH214")!.message).toContain("validation.formats is assert");
    // `format` is a keyword of the format-assertion vocabulary: it stays, for the contracts that assert formats.
    expect(tree.schema("host")).toMatchObject({ format: "ipv4" });
  });
});
