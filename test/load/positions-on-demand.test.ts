/**
 * A JSON source's positions are found only when a finding needs one
 * (parse-json-lazily.ts): every stage of a run over sources with nothing to
 * say must leave them unread, or the run pays the full reading for each.
 */
import { describe, expect, it, vi } from "vitest";
import { compileTree } from "../helpers/compile-tree.js";

const fullReadings = vi.hoisted(() => ({ count: 0 }));

vi.mock("../../src/compiler/load/parse-json-source.js", async (original) => {
  const actual = await original<typeof import("../../src/compiler/load/parse-json-source.js")>();
  return {
    ...actual,
    parseJsonSource: (...args: Parameters<typeof actual.parseJsonSource>) => {
      fullReadings.count++;
      return actual.parseJsonSource(...args);
    },
  };
});

const item = {
  $schema: "http://json-schema.org/draft-07/schema#",
  type: "object",
  definitions: { name: { type: "string", minLength: 1 } },
  properties: { name: { $ref: "#/definitions/name" } },
  required: ["name"],
};
const order = {
  $schema: "http://json-schema.org/draft-07/schema#",
  type: "object",
  properties: { items: { type: "array", items: { $ref: "item.json" } }, note: { type: "string" } },
  required: ["items"],
  additionalProperties: false,
};

describe("positions on demand", () => {
  it("a run over JSON sources without findings reads none of them for positions", async () => {
    fullReadings.count = 0;
    const tree = await compileTree(
      { "src/item.json": JSON.stringify(item, null, 2), "src/order.json": JSON.stringify(order, null, 2) },
      { compile: { typeCheck: true } },
    );
    expect(tree.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(tree.files.has("schemas/order.schema.json")).toBe(true);
    expect(fullReadings.count).toBe(0);
  });

  it("a finding in a source still gets its line and column", async () => {
    fullReadings.count = 0;
    const tree = await compileTree({
      "src/order.json": JSON.stringify({ ...order, $schema: "https://example.test/no-such-dialect" }, null, 2),
    });
    const unknown = tree.diagnostics.find((d) => d.code === "CH201");
    expect(unknown).toMatchObject({ line: 2, column: 14, pointer: "/$schema" });
    expect(fullReadings.count).toBe(1);
  });
});
