import { readdirSync } from "node:fs";
import path from "node:path";
import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { bundleContract } from "../../src/compiler/bundle/bundle-contract.js";
import { embeddingKeys } from "../../src/compiler/bundle/embedding-keys.js";
import { canonicalId } from "../../src/pipeline/compile.js";
import { loadSource } from "../../src/compiler/load/load-source.js";
import { createDocument } from "../../src/compiler/resolve/create-document.js";
import { resolveReferences } from "../../src/compiler/resolve/resolve-references.js";
import type { SchemaDocument } from "../../src/schema/schema-document.js";
import { sourceUri } from "../../src/schema/uri.js";
import { BASE, compileTree } from "../helpers/compile-tree.js";
import { generateImportable } from "../helpers/generate-importable.js";
import { tempTree } from "../helpers/temp-tree.js";

type Schema = Record<string, unknown>;

function validatorFor(schema: Schema) {
  const ajv = String(schema["$schema"]).includes("2020-12")
    ? new Ajv2020({ strict: false })
    : new Ajv({ strict: false });
  return ajv.compile(schema);
}

const defsOf = (schema: Schema, keyword = "$defs") => schema[keyword] as Record<string, Schema>;

// A file with a definition `common` that also references a document `common.yaml`.
const BASE_AND_COMMON = {
  "src/base.yaml": `
type: object
properties:
  a: { $ref: "#/$defs/common" }
  b: { $ref: "common.yaml" }
$defs:
  common: { type: string }
`,
  "src/common.yaml": "type: integer\n",
};

describe("embedding keys", () => {
  it("keeps a document's name when it is free, and takes <name>.embedded (then -2, -3) when the author wrote that key", () => {
    const docs = [
      { key: "source:common.yaml", name: "common" },
      { key: "source:ids.yaml", name: "ids" },
      { key: "catalog:https://v.test/x.json", name: "https://v.test/x.json" },
    ];
    expect(embeddingKeys([], docs)).toEqual(
      new Map([
        ["source:common.yaml", "common"],
        ["source:ids.yaml", "ids"],
        ["catalog:https://v.test/x.json", "https://v.test/x.json"],
      ]),
    );
    const keys = embeddingKeys(["common", "common.embedded", "https://v.test/x.json"], docs);
    expect([
      keys.get("source:common.yaml"),
      keys.get("source:ids.yaml"),
      keys.get("catalog:https://v.test/x.json"),
    ]).toEqual(["common.embedded-2", "ids", "https://v.test/x.json.embedded"]);
  });

  it("gives every document its own key whatever order they come in, a document that keeps its name first", () => {
    // Two documents of one name (a catalog URI that is also a source's name), and a source named like a fallback.
    const docs = [
      { key: "source:urn:x.yaml", name: "urn:x" },
      { key: "catalog:urn:x", name: "urn:x" },
      { key: "source:urn:x.embedded.yaml", name: "urn:x.embedded" },
    ];
    const expected = new Map([
      ["catalog:urn:x", "urn:x"],
      ["source:urn:x.embedded.yaml", "urn:x.embedded"],
      ["source:urn:x.yaml", "urn:x.embedded-2"],
    ]);
    expect(embeddingKeys([], docs)).toEqual(expected);
    expect(embeddingKeys([], [...docs].reverse())).toEqual(expected);
    expect(embeddingKeys([], [docs[1]!, docs[0]!, docs[2]!])).toEqual(expected);
  });

  it("bundles a definition named like an embedded document: both kept, validators and types right for each", async () => {
    const { result, load } = await generateImportable(BASE_AND_COMMON);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.produced).toEqual(["base", "common"]);
    const schema = JSON.parse(result.files.get("schemas/base.schema.json")!) as Schema;
    expect(Object.keys(defsOf(schema))).toEqual(["common", "common.embedded"]);
    expect(defsOf(schema)["common"]).toEqual({ type: "string" });
    expect(defsOf(schema)["common.embedded"]).toEqual({ $id: "https://v.test/common.schema.json", type: "integer" });
    expect(schema["properties"]).toEqual({
      a: { $ref: "#/$defs/common" },
      b: { $ref: "https://v.test/common.schema.json" },
    });

    const { validate } = await load("validators/base.js");
    expect([validate!({ a: "x", b: 1 }), validate!({ a: 1 }), validate!({ b: "x" }), validate!({ b: 1.5 })]).toEqual([
      true,
      false,
      false,
      false,
    ]);
    // The same bundle read alone by a consumer's own ajv.
    const alone = validatorFor(schema);
    expect([alone({ a: "x", b: 1 }), alone({ a: 1 }), alone({ b: "x" })]).toEqual([true, false, false]);

    // Types for both: `a` is the author's string definition, `b` the embedded document's own type.
    const types = result.files.get("types/base.ts")!;
    const [, aType] = /\ba\?: (\w+);/.exec(types)!;
    const [, bType] = /\bb\?: (\w+);/.exec(types)!;
    expect(types).toMatch(new RegExp(`export type ${aType} = string;`));
    expect(types).toMatch(new RegExp(`import type \\{[^}]*\\b${bType}\\b[^}]*\\} from "./common.js";`));
    expect(result.files.get("types/common.ts")).toMatch(new RegExp(`export type ${bType} = number;`));
  });

  it("keeps an author's key that is a catalog file's URI, and embeds the file beside it", async () => {
    const uri = "https://vendor.example.test/schemas/port.json";
    const tree = await compileTree(
      {
        "src/app.yaml": `
properties:
  local: { $ref: "#/$defs/${uri.replace(/\//g, "~1")}" }
  remote: { $ref: "${uri}" }
$defs:
  "${uri}": { type: string }
`,
        "vendor/port.json": `{"type": "integer", "maximum": 65535}`,
      },
      { catalog: (dir) => [{ prefix: "https://vendor.example.test/schemas/", dir: path.join(dir, "vendor") }] },
    );
    expect(tree.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const schema = tree.schema("app");
    expect(defsOf(schema)[uri]).toEqual({ type: "string" });
    expect(defsOf(schema)[`${uri}.embedded`]).toMatchObject({ $id: uri, type: "integer" });
    const validate = validatorFor(schema);
    expect([validate({ local: "x", remote: 80 }), validate({ local: 80 }), validate({ remote: 70000 })]).toEqual([
      true,
      false,
      false,
    ]);
  });

  it("does the same under definitions before 2019-09", async () => {
    const tree = await compileTree({
      "src/base.json": JSON.stringify({
        $schema: "http://json-schema.org/draft-07/schema#",
        type: "object",
        properties: { a: { $ref: "#/definitions/common" }, b: { $ref: "common.json" } },
        definitions: { common: { type: "string" } },
      }),
      "src/common.json": `{"$schema": "http://json-schema.org/draft-07/schema#", "type": "integer"}`,
    });
    expect(tree.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const schema = tree.schema("base");
    expect(schema["$defs"]).toBeUndefined();
    expect(defsOf(schema, "definitions")).toEqual({
      common: { type: "string" },
      "common.embedded": { $id: `${BASE}common.schema.json`, type: "integer" },
    });
    const validate = validatorFor(schema);
    expect([validate({ a: "x", b: 1 }), validate({ a: 1 }), validate({ b: "x" })]).toEqual([true, false, false]);
  });

  it("writes the same bundle whichever order the sources are discovered in", async () => {
    const dir = tempTree({
      ...BASE_AND_COMMON,
      "src/base.yaml": `
properties:
  a: { $ref: "#/$defs/common" }
  b: { $ref: "common.yaml" }
  c: { $ref: "ids.yaml" }
  d: { $ref: "common.embedded.yaml" }
$defs:
  common: { type: string }
  ids: { type: string, format: uuid }
`,
      "src/ids.yaml": "type: integer\n",
      "src/common.embedded.yaml": "type: boolean\n",
    });
    const sourceDir = path.join(dir, "src");
    const documents: SchemaDocument[] = [];
    for (const file of readdirSync(sourceDir).sort()) {
      const { parsed } = await loadSource(path.join(sourceDir, file));
      const name = file.replace(/\.yaml$/, "");
      documents.push(
        createDocument(parsed!, {
          key: `source:${file}`,
          kind: "source",
          name,
          file: path.join(sourceDir, file),
          relativePath: file,
          retrievalUri: sourceUri(file),
        }).document!,
      );
    }
    const bundleIn = async (order: SchemaDocument[]) => {
      const graph = await resolveReferences(order, [], loadSource);
      const { bundle, diagnostics } = bundleContract(graph, "source:base.yaml", (name) => canonicalId(BASE, name));
      expect(diagnostics).toEqual([]);
      return JSON.stringify(bundle!.schema);
    };
    const forward = await bundleIn(documents);
    expect(await bundleIn([...documents].reverse())).toBe(forward);
    expect(await bundleIn([documents[2]!, documents[0]!, documents[3]!, documents[1]!])).toBe(forward);
    const defs = defsOf(JSON.parse(forward) as Schema);
    expect(Object.fromEntries(Object.entries(defs).map(([key, def]) => [key, def["$id"] ?? null]))).toEqual({
      common: null,
      ids: null,
      "common.embedded": `${BASE}common.embedded.schema.json`,
      "common.embedded-2": `${BASE}common.schema.json`,
      "ids.embedded": `${BASE}ids.schema.json`,
    });
  });
});
