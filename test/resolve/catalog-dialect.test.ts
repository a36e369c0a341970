import path from "node:path";
import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import type { Dialect } from "../../src/schema/dialect.js";
import { compileTree, type CompiledTree } from "../helpers/compile-tree.js";

// A catalog file without $schema whose meaning depends on its dialect: before 2019-09 the
// `maxLength` beside `$ref` is ignored, since 2019-09 it applies.
const WORD = `{ "$ref": "#/definitions/text", "maxLength": 3, "definitions": { "text": { "type": "string" } } }`;
const WORD_URI = "https://words.example.test/word.json";
const DRAFT_07_SOURCE = `{ "$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "properties": { "w": { "$ref": "${WORD_URI}" } } }`;
const SOURCE_2020 = `type: object\nproperties:\n  w: { $ref: "${WORD_URI}" }\n`;

function validatorFor(schema: Record<string, unknown>) {
  const ajv = String(schema["$schema"]).includes("2020-12")
    ? new Ajv2020({ strict: false })
    : new Ajv({ strict: false });
  return ajv.compile(schema);
}

async function project(files: Record<string, string>, dialect?: Dialect): Promise<CompiledTree> {
  return compileTree(
    { "vendor/word.json": WORD, ...files },
    {
      catalog: (dir) => [
        { prefix: "https://words.example.test/", dir: path.join(dir, "vendor"), ...(dialect ? { dialect } : {}) },
      ],
    },
  );
}

/** The embedded word document of a contract's bundle, and whether the contract accepts a word of seven letters. */
function reading(tree: CompiledTree, contract: string) {
  const schema = tree.schema(contract);
  const defs = (schema["$defs"] ?? schema["definitions"]) as Record<string, Record<string, unknown>>;
  const embedded = defs[WORD_URI]!;
  return {
    embedded,
    acceptsLongWord: validatorFor(schema)({ w: "toolong" }) as boolean,
    dialectOf: embedded["$schema"] ?? schema["$schema"],
  };
}

const catalogWarnings = (tree: CompiledTree) => tree.diagnostics.filter((d) => d.code === "CH211");

describe("a catalog file without $schema", () => {
  // Sources are found in path order: swapping the names swaps which referrer comes first.
  const orders = {
    "draft-07 source found first": { old: "a-old.json", new: "b-new.yaml" },
    "2020-12 source found first": { old: "b-old.json", new: "a-new.yaml" },
  };

  it.each(Object.entries(orders))(
    "referenced from draft-07 and 2020-12 sources is read as 2020-12 with a located warning (%s)",
    async (_, names) => {
      const tree = await project({ [`src/${names.old}`]: DRAFT_07_SOURCE, [`src/${names.new}`]: SOURCE_2020 });
      expect(tree.failed).toEqual([]);
      const [oldName, newName] = [names.old.replace(/\.json$/, ""), names.new.replace(/\.yaml$/, "")];
      for (const contract of [oldName, newName]) {
        const read = reading(tree, contract);
        expect(read.dialectOf).toBe("https://json-schema.org/draft/2020-12/schema");
        expect(read.acceptsLongWord).toBe(false);
      }
      const warnings = catalogWarnings(tree);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({
        severity: "warning",
        file: path.join(tree.dir, "vendor", "word.json"),
        line: 1,
        column: 1,
      });
      expect(warnings[0]!.message).toBe(
        `${WORD_URI} declares no $schema and is referenced from documents of different dialects, draft-07 (${names.old}:1:106) and 2020-12 (${names.new}:3:14); it is read as 2020-12. Add $schema to it, or set dialect on its catalog entry in charter.config.yaml`,
      );
    },
  );

  it("is read the same whichever source is found first", async () => {
    const [first, second] = await Promise.all(
      Object.values(orders).map((names) =>
        project({ [`src/${names.old}`]: DRAFT_07_SOURCE, [`src/${names.new}`]: SOURCE_2020 }),
      ),
    );
    const embedded = (tree: CompiledTree, names: { old: string }) =>
      JSON.stringify(reading(tree, names.old.replace(/\.json$/, "")).embedded);
    expect(embedded(first!, orders["draft-07 source found first"])).toBe(
      embedded(second!, orders["2020-12 source found first"]),
    );
  });

  it("takes the one dialect of its referrers when they agree, silently", async () => {
    const tree = await project({ "src/a.json": DRAFT_07_SOURCE, "src/b.json": DRAFT_07_SOURCE });
    expect(catalogWarnings(tree)).toEqual([]);
    for (const contract of ["a", "b"]) {
      const read = reading(tree, contract);
      // Embedded in a draft-07 bundle in its own dialect: no $schema of its own.
      expect(read.embedded["$schema"]).toBeUndefined();
      expect(read.dialectOf).toBe("http://json-schema.org/draft-07/schema#");
      expect(read.acceptsLongWord).toBe(true);
    }
  });

  it.each(Object.entries(orders))(
    "takes the dialect its catalog entry sets, whatever its referrers (%s)",
    async (_, names) => {
      const tree = await project(
        { [`src/${names.old}`]: DRAFT_07_SOURCE, [`src/${names.new}`]: SOURCE_2020 },
        "draft-07",
      );
      expect(catalogWarnings(tree)).toEqual([]);
      for (const contract of [names.old.replace(/\.json$/, ""), names.new.replace(/\.yaml$/, "")]) {
        const read = reading(tree, contract);
        expect(read.dialectOf).toBe("http://json-schema.org/draft-07/schema#");
        expect(read.acceptsLongWord).toBe(true);
      }
    },
  );

  it("a $schema of its own wins over its entry's dialect", async () => {
    const tree = await compileTree(
      {
        "vendor/word.json": `{ "$schema": "https://json-schema.org/draft/2020-12/schema", ${WORD.slice(1)}`,
        "src/a.json": DRAFT_07_SOURCE,
      },
      {
        catalog: (dir) => [
          { prefix: "https://words.example.test/", dir: path.join(dir, "vendor"), dialect: "draft-07" },
        ],
      },
    );
    expect(reading(tree, "a").acceptsLongWord).toBe(false);
  });

  // A referrer found only through other catalog files still counts: `via.json` (no $schema, read as
  // draft-07 like its referrer) leads to `deep.json` (2020-12), which references the word too.
  it.each([
    ["direct referrer found first", "a-direct.json", "b-chain.json"],
    ["chain found first", "b-direct.json", "a-chain.json"],
  ])("counts referrers reached only through other catalog files (%s)", async (_, direct, chain) => {
    const tree = await project({
      [`src/${direct}`]: DRAFT_07_SOURCE,
      [`src/${chain}`]: `{ "$schema": "http://json-schema.org/draft-07/schema#", "$ref": "https://words.example.test/via.json" }`,
      "vendor/via.json": `{ "$ref": "deep.json" }`,
      "vendor/deep.json": `{ "$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "properties": { "w": { "$ref": "word.json" } } }`,
    });
    expect(tree.failed).toEqual([]);
    expect(reading(tree, direct.replace(/\.json$/, "")).acceptsLongWord).toBe(false);
    const warnings = catalogWarnings(tree);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toContain(
      `draft-07 (${direct}:1:106) and 2020-12 (https://words.example.test/deep.json:1:111)`,
    );
  });

  // Its $id is known only once it is read, at the end of a round: a reference by that $id found
  // earlier (in a source found first) waits for it instead of failing.
  it.each([
    ["reference by $id found first", "a-by-id.yaml", "b-by-url.json"],
    ["reference by URL found first", "b-by-id.yaml", "a-by-url.json"],
  ])("serves its $id to every reference, whichever is found first (%s)", async (_, byId, byUrl) => {
    const tree = await project({
      // No `$ref` at its root, which would hide the $id before 2019-09.
      "vendor/word.json": `{ "$id": "https://elsewhere.example.test/word", "type": "string", "maxLength": 3 }`,
      [`src/${byUrl}`]: DRAFT_07_SOURCE,
      [`src/${byId}`]: `$schema: "http://json-schema.org/draft-07/schema#"\nproperties:\n  w: { $ref: "https://elsewhere.example.test/word" }\n`,
    });
    expect(tree.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(tree.produced).toHaveLength(2);
  });

  it("named by two URIs of one folder is one document, named by the least of them", async () => {
    const tree = await compileTree(
      {
        "vendor/word.json": WORD,
        // The source found first uses the greater URI.
        "src/a.json": DRAFT_07_SOURCE.replace(WORD_URI, "https://www.words.example.test/word.json"),
        "src/b.json": DRAFT_07_SOURCE,
      },
      {
        catalog: (dir) => [
          { prefix: "https://words.example.test/", dir: path.join(dir, "vendor") },
          { prefix: "https://www.words.example.test/", dir: path.join(dir, "vendor") },
        ],
      },
    );
    expect(tree.failed).toEqual([]);
    for (const contract of ["a", "b"])
      expect(Object.keys(tree.schema(contract)["definitions"] as object)).toEqual([WORD_URI]);
  });
});
