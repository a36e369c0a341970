import path from "node:path";
import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import type { DocumentResolution } from "../../src/settings/resolution.js";
import type { CatalogMapping } from "../../src/compiler/resolve/catalog-file.js";
import { compileTree, type CompiledTree } from "../helpers/compile-tree.js";

function validatorFor(schema: Record<string, unknown>) {
  const ajv = String(schema["$schema"]).includes("2020-12")
    ? new Ajv2020({ strict: false })
    : new Ajv({ strict: false });
  return ajv.compile(schema);
}

// Versions of one schema that keep one $id, as SchemaStore's rancher-fleet-0.5/0.8 do. Each
// names its own definitions through that $id, so each must resolve them inside itself.
const LOG_ID = "https://logs.example.test/log.json";
const logVersion = (levels: string[]) =>
  JSON.stringify({
    $schema: "http://json-schema.org/draft-07/schema#",
    $id: LOG_ID,
    type: "object",
    properties: { level: { $ref: "log.json#/definitions/level" } },
    definitions: { level: { enum: levels } },
  });
const V1 = logVersion(["info", "warn"]);
const V2 = logVersion(["info", "warn", "error"]);
const LATEST = logVersion(["info", "warn", "error", "debug"]);
const APP = `type: object\nproperties:\n  log: { $ref: "${LOG_ID}" }\n`;

const resolution = (entries: Record<string, DocumentResolution>) => ({
  compile: { resolution: { contracts: new Map(Object.entries(entries)) } },
});
const logsCatalog = (dir: string): CatalogMapping[] => [
  { prefix: "https://logs.example.test/", dir: path.join(dir, "src", "logs") },
];
const accepts = (tree: CompiledTree, contract: string, value: unknown) =>
  validatorFor(tree.schema(contract))(value) as boolean;

describe("two documents that declare one $id", () => {
  it("are both refused with CH203, which names the setting that lets them in", async () => {
    const tree = await compileTree({ "src/logs/log-1.json": V1, "src/logs/log-2.json": V2 });
    const clashes = tree.diagnostics.filter((d) => d.code === "CH203");
    expect(clashes.map((d) => [path.relative(tree.dir, d.file!), d.line, d.column, d.severity])).toEqual([
      ["src/logs/log-1.json", 1, 60, "error"],
      ["src/logs/log-2.json", 1, 60, "error"],
    ]);
    expect(clashes[0]!.message).toBe(
      `"${LOG_ID}" is also the $id of logs/log-2.json:1:60; an $id names one schema (for versions of one schema that keep it, set ids: local for them in charter.config.yaml, under resolution.contracts or on their catalog entry)`,
    );
    expect(tree.failed).toEqual(["logs/log-1", "logs/log-2"]);
  });

  it("compile with ids: local, each reading its own definitions through its $id", async () => {
    const tree = await compileTree(
      { "src/logs/log-1.json": V1, "src/logs/log-2.json": V2 },
      resolution({ "logs/": { ids: "local" } }),
    );
    expect(tree.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(tree.produced).toEqual(["logs/log-1", "logs/log-2"]);
    expect([accepts(tree, "logs/log-1", { level: "warn" }), accepts(tree, "logs/log-1", { level: "error" })]).toEqual([
      true,
      false,
    ]);
    expect([accepts(tree, "logs/log-2", { level: "error" }), accepts(tree, "logs/log-2", { level: "debug" })]).toEqual([
      true,
      false,
    ]);
  });

  it("stay refused where the setting leaves two of them global", async () => {
    // The contract's own key wins over its folder's: log-1 and log stay global and clash; log-2 claims nothing.
    const tree = await compileTree(
      { "src/logs/log-1.json": V1, "src/logs/log-2.json": V2, "src/logs/log.json": LATEST },
      resolution({ "logs/": { ids: "local" }, "logs/log-1": { ids: "global" }, "logs/log": { ids: "global" } }),
    );
    expect(tree.diagnostics.filter((d) => d.code === "CH203").map((d) => path.basename(d.file!))).toEqual([
      "log-1.json",
      "log.json",
    ]);
    expect(tree.produced).toEqual(["logs/log-2"]);
  });

  // A reference by the shared URL: to the document that keeps the $id global if one does, else to
  // the file the catalog maps the URL to; never to whichever copy happened to be found first.
  describe("a reference by the shared URL from a third document", () => {
    const orders = [
      ["app found first", "a-app.yaml"],
      ["app found last", "z-app.yaml"],
    ] as const;

    it.each(orders)("goes to the file the catalog maps the URL to when every copy is local (%s)", async (_, app) => {
      const tree = await compileTree(
        { "src/logs/log-1.json": V1, "src/logs/log-2.json": V2, "src/logs/log.json": LATEST, [`src/${app}`]: APP },
        { catalog: logsCatalog, ...resolution({ "logs/": { ids: "local" } }) },
      );
      expect(tree.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      const name = app.replace(/\.yaml$/, "");
      expect(accepts(tree, name, { log: { level: "debug" } })).toBe(true);
      expect(accepts(tree, name, { log: { level: "trace" } })).toBe(false);
    });

    it.each(orders)("goes to the copy that keeps its $id global (%s)", async (_, app) => {
      const tree = await compileTree(
        { "src/logs/log-1.json": V1, "src/logs/log-2.json": V2, [`src/${app}`]: APP },
        resolution({ "logs/log-1": { ids: "local" } }),
      );
      expect(tree.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      const name = app.replace(/\.yaml$/, "");
      expect([
        accepts(tree, name, { log: { level: "error" } }),
        accepts(tree, name, { log: { level: "debug" } }),
      ]).toEqual([true, false]);
    });

    it("names nothing when every copy is local and no catalog maps the URL, and says so", async () => {
      const tree = await compileTree(
        { "src/logs/log-1.json": V1, "src/logs/log-2.json": V2, "src/app.yaml": APP },
        resolution({ "logs/": { ids: "local" } }),
      );
      const unresolved = tree.diagnostics.find((d) => d.code === "CH206");
      expect(unresolved).toMatchObject({ file: path.join(tree.dir, "src", "app.yaml"), line: 3, column: 16 });
      expect(unresolved!.message).toMatch(
        /charter does not fetch schemas \(logs\/log-1\.json declares it with ids: local, so it is reached by its path\)$/,
      );
      expect(tree.produced).toEqual(["logs/log-1", "logs/log-2"]);
    });
  });

  // sarif.json embeds a subschema whose $id is the root $id of sarif-2.1.0-rtm.5.json.
  describe("a nested $id equal to another document's root $id", () => {
    const SARIF_ID = "https://sarif.example.test/sarif-2.1.0.json";
    const files = {
      "src/sarif.yaml": `$ref: "${SARIF_ID}"\n$defs:\n  v210:\n    $id: "${SARIF_ID}"\n    type: object\n    properties:\n      version: { const: "2.1.0" }\n`,
      "src/sarif-2.1.0.yaml": `$id: "${SARIF_ID}"\ntype: object\nrequired: [runs]\nproperties:\n  version: { const: "2.1.0" }\n  runs: { type: array }\n`,
      "src/report.yaml": `type: object\nproperties:\n  sarif: { $ref: "${SARIF_ID}" }\n`,
    };

    it("is refused at both places without the setting", async () => {
      const tree = await compileTree(files);
      expect(
        tree.diagnostics.filter((d) => d.code === "CH203").map((d) => [path.basename(d.file!), d.line, d.column]),
      ).toEqual([
        ["sarif-2.1.0.yaml", 1, 6],
        ["sarif.yaml", 4, 10],
      ]);
    });

    it("with ids: local for the embedding document, is its own inside it and the other's everywhere else", async () => {
      const tree = await compileTree(files, resolution({ sarif: { ids: "local" } }));
      expect(tree.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      expect(tree.produced).toEqual(["report", "sarif-2.1.0", "sarif"]);
      // sarif's root reaches its own nested copy, which does not require runs...
      expect(accepts(tree, "sarif", { version: "2.1.0" })).toBe(true);
      // ...while the report reaches the document that declares it at its root.
      expect(accepts(tree, "report", { sarif: { version: "2.1.0" } })).toBe(false);
      expect(accepts(tree, "report", { sarif: { version: "2.1.0", runs: [] } })).toBe(true);
    });
  });

  describe("in a catalog folder", () => {
    const tool = (value: number) =>
      JSON.stringify({
        $schema: "http://json-schema.org/draft-07/schema#",
        $id: "https://tools.example.test/tool.json",
        type: "object",
        properties: { v: { $ref: "tool.json#/definitions/v" } },
        definitions: { v: { const: value } },
      });
    const files = {
      "vendor/v1/tool.json": tool(1),
      "vendor/v2/tool.json": tool(2),
      "src/app.yaml": `type: object\nproperties:\n  one: { $ref: "https://tools.example.test/v1/tool.json" }\n  two: { $ref: "https://tools.example.test/v2/tool.json" }\n`,
    };
    const catalog =
      (ids?: "local") =>
      (dir: string): CatalogMapping[] => [
        { prefix: "https://tools.example.test/", dir: path.join(dir, "vendor"), ...(ids ? { ids } : {}) },
      ];

    it("are refused without the setting on the catalog entry", async () => {
      const tree = await compileTree(files, { catalog: catalog() });
      expect(tree.diagnostics.filter((d) => d.code === "CH203").map((d) => path.relative(tree.dir, d.file!))).toEqual([
        "vendor/v1/tool.json",
        "vendor/v2/tool.json",
      ]);
      expect(tree.failed).toEqual(["app"]);
    });

    it("compile side by side with ids: local on the entry, each embedded under the URI that reached it", async () => {
      const tree = await compileTree(files, { catalog: catalog("local") });
      expect(tree.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      const schema = tree.schema("app");
      const defs = schema["$defs"] as Record<string, Record<string, unknown>>;
      expect(Object.values(defs).map((d) => d["$id"])).toEqual([
        "https://tools.example.test/v1/tool.json",
        "https://tools.example.test/v2/tool.json",
      ]);
      expect([
        accepts(tree, "app", { one: { v: 1 }, two: { v: 2 } }),
        accepts(tree, "app", { one: { v: 2 } }),
        accepts(tree, "app", { two: { v: 1 } }),
      ]).toEqual([true, false, false]);
    });
  });
});
